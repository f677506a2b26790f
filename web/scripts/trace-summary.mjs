// Reads a Chromium performance trace (trace-web.mjs, or a Lighthouse run's trace kept by
// bench-web.mjs --out) into what a person looks for first: the page's main thread, its long
// tasks, the time by kind of work, and the functions that took it.
//
//   node scripts/trace-summary.mjs file.trace.json [--top 25]

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const LONG_TASK_MS = 50;

/** The renderer main thread that ran the most tasks: the page's, not about:blank's. */
function mainThread(events) {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const busy = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask') continue;
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error('no renderer main thread in the trace');
  const [pid, tid] = key.split(':').map(Number);
  return { pid, tid };
}

/** Trace events of script running: a layout or style pass inside one was forced by the script. */
const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'v8.callFunction', 'v8.evaluateModule', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch']);

/**
 * Self time per trace event name on one thread (each event's time less its children's), and
 * the layouts and style passes that script forced (run inside a script event rather than in
 * the frame's own rendering): they do not depend on the machine's speed.
 */
function selfTimeByEvent(slices) {
  const self = new Map();
  const forced = { layouts: 0, styles: 0 };
  const stack = [];
  for (const e of slices) {
    const end = e.ts + e.dur;
    while (stack.length > 0 && stack.at(-1).end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent && end <= parent.end) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
    if ((e.name === 'Layout' || e.name === 'UpdateLayoutTree') && stack.some((s) => SCRIPT_EVENTS.has(s.name))) {
      if (e.name === 'Layout') forced.layouts++;
      else forced.styles++;
    }
    stack.push({ name: e.name, end });
  }
  return { self, forced };
}

/** The JavaScript profiler's samples on one thread: self and total time per function, from `from` until `to`. */
function profileTimes(events, { pid, tid }, from, origin, to = Infinity) {
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && profileIds.has(e.id)).sort((a, b) => a.ts - b.ts);
  const nodes = new Map();
  const profileStart = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)?.args?.data?.startTime ?? 0;
  const self = new Map();
  const total = new Map();
  let time = profileStart;
  let pending = null;
  const label = (frame) => {
    const url = (frame.url ?? '').replace(origin, '');
    const where = url ? ` ${url}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    return `${frame.functionName || '(anonymous)'}${where}`;
  };
  const charge = (nodeId, ms) => {
    const seen = new Set();
    let first = true;
    for (let node = nodes.get(nodeId); node; node = nodes.get(node.parent)) {
      const key = label(node.callFrame);
      if (first) self.set(key, (self.get(key) ?? 0) + ms);
      first = false;
      if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + ms);
      seen.add(key);
    }
  };
  for (const chunk of chunks) {
    const data = chunk.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      time += deltas[i] ?? 0;
      // A sample lasts until the next one.
      if (pending && pending.time >= from && pending.time < to) charge(pending.node, (time - pending.time) / 1000);
      pending = { node: samples[i], time };
    }
  }
  return { self, total };
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
const top = (map, n) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

/** A text summary of a trace's page load on its main thread. */
export function summarize(events, { top: n = 25, origin = '' } = {}) {
  const thread = mainThread(events);
  const onThread = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid && e.args?.data?.isLoadingMainFrame && !String(e.args?.data?.documentLoaderURL ?? '').startsWith('about:'));
  const t0 = nav?.ts ?? Math.min(...onThread.filter((e) => e.ph === 'X').map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid && e.ts >= t0);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === thread.pid && e.ts >= t0).at(-1);
  const slices = onThread.filter((e) => e.ph === 'X' && e.ts >= t0 && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = slices.filter((e) => e.name === 'RunTask');
  const long = tasks.filter((t) => t.dur > LONG_TASK_MS * 1000);
  const blocking = long.filter((t) => !fcp || t.ts >= fcp.ts).reduce((sum, t) => sum + t.dur - LONG_TASK_MS * 1000, 0);
  const busy = tasks.reduce((sum, t) => sum + t.dur, 0);
  const end = Math.max(...tasks.map((t) => t.ts + t.dur));

  const lines = [];
  lines.push(`main thread: ${ms(busy)} of tasks over ${ms(end - t0)}; ${long.length} long tasks, blocking ${ms(blocking)} after FCP`);
  lines.push(`FCP ${fcp ? ms(fcp.ts - t0) : '?'}, LCP ${lcp ? `${ms(lcp.ts - t0)} on ${String(lcp.args?.data?.nodeName ?? '?').replace(/ css-[\w-]+/g, '')}` : '?'}`);
  lines.push('long tasks (start, length):');
  for (const t of long) lines.push(`  ${ms(t.ts - t0).padStart(8)} ${ms(t.dur).padStart(8)}`);
  const { self: byEvent, forced } = selfTimeByEvent(slices);
  const count = (name) => slices.filter((e) => e.name === name).length;
  lines.push(`layouts ${count('Layout')} (${forced.layouts} forced by script), style passes ${count('UpdateLayoutTree')} (${forced.styles} forced), style sheets parsed ${count('ParseAuthorStyleSheet')}`);
  lines.push('time by trace event (self):');
  for (const [name, us] of top(byEvent, 14)) lines.push(`  ${ms(us).padStart(8)}  ${name}`);
  const { self, total } = profileTimes(events, thread, t0, origin);
  if (self.size > 0) {
    lines.push(`functions by self time (profiler samples):`);
    for (const [name, t] of top(self, n)) lines.push(`  ${`${t.toFixed(0)} ms`.padStart(8)}  ${name}`);
    lines.push(`functions by total time:`);
    for (const [name, t] of top(total, n)) lines.push(`  ${`${t.toFixed(0)} ms`.padStart(8)}  ${name}`);
    // The longest tasks are most of the blocking time: what ran in each, apart.
    for (const task of long.toSorted((a, b) => b.dur - a.dur).slice(0, 4)) {
      const inTask = profileTimes(events, thread, task.ts, origin, task.ts + task.dur);
      lines.push(`a long task (${ms(task.ts - t0)}, ${ms(task.dur)}), functions by self time:`);
      for (const [name, t] of top(inTask.self, 12)) lines.push(`  ${`${t.toFixed(0)} ms`.padStart(8)}  ${name}`);
    }
  }
  return lines.join('\n');
}

if (import.meta.main || process.argv[1] === import.meta.filename) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' } } });
  for (const file of positionals) {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    console.log(`== ${file}`);
    console.log(summarize(Array.isArray(data) ? data : data.traceEvents, { top: Number(values.top) }));
  }
}
