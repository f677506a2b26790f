// The web's load benchmark: Lighthouse's mobile preset (simulated slow 4G, 150 ms and
// 1.6 Mbit/s, a 4x slower CPU) on the built binary in demo mode, on a port and data directory
// of its own. The public pages are loaded by a visitor; the signed-in pages by demo personas
// signed in beforehand in the same browser profile (Lighthouse clears the cache and the
// service workers before each run, not the session); then a repeat visit of /support with the
// cache the first visit left. Prints each page's medians against its budgets, with the
// machine's load, and exits non-zero on a miss (docs/performance.md, "Phones first").
//
//   node scripts/bench-web.mjs [--bin ../bin/zocalo] [--port 18490] [--runs 3]
//                              [--only /support,/dashboard] [--out dir] [--verbose] [--profile]
//
// --out keeps each run's Lighthouse report and trace (open the trace in DevTools'
// Performance panel) and the server's log; --verbose prints each run and what Lighthouse
// warned about; --profile adds the JavaScript profiler's samples to the traces, for
// scripts/trace-summary.mjs to say which functions ran in each long task (it slows the page a little).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchChromium, signIn, startServer, visit } from './bench-web-rig.mjs';

const { values: args } = parseArgs({
  options: {
    bin: { type: 'string', default: resolve(import.meta.dirname, '../../bin/zocalo') },
    port: { type: 'string', default: '18490' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const BASE_URL = `http://127.0.0.1:${args.port}`;

/** The budgets of the issue "Phones first", on Lighthouse's medians. */
const BUDGETS = {
  public: { lcp: 2500, cls: 0.1, tbt: 200, score: 90 },
  signedIn: { lcp: 2500, cls: 0.1, tbt: 300 },
  repeat: { lcp: 1000, cls: 0.1, tbt: 300 },
};

/**
 * The pages measured, by who opens them. `repeat` loads the page once first and measures the
 * second load in the same profile; the others start from an empty cache.
 */
const PLAN = [
  {
    persona: null,
    pages: [
      { path: '/', budget: BUDGETS.public },
      { path: '/news', budget: BUDGETS.public },
      { path: '/news/{id}', budget: BUDGETS.public },
      { path: '/shop', budget: BUDGETS.public },
      { path: '/diario-oficial', budget: BUDGETS.public },
    ],
  },
  {
    persona: 'jugador',
    pages: [
      { path: '/support', budget: BUDGETS.signedIn },
      { path: '/support', budget: BUDGETS.repeat, repeat: true },
    ],
  },
  {
    persona: 'moderador',
    pages: [
      { path: '/records', budget: BUDGETS.signedIn },
      { path: '/documents', budget: BUDGETS.signedIn },
      { path: '/dashboard', budget: BUDGETS.signedIn },
    ],
  },
  { persona: 'soporte', pages: [{ path: '/admin/support', budget: BUDGETS.signedIn }] },
];

const only = args.only ? new Set(args.only.split(',').map((p) => p.trim())) : null;

/**
 * Drives the profile's browser with Playwright for what Lighthouse does not measure (signing in,
 * the first visit of a repeat, the warm-up), then lets it go before Lighthouse connects.
 */
async function withPage(debugPort, fn) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      return await fn(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * The element of the last Largest Contentful Paint candidate, as the trace names it (tag and
 * classes). Lighthouse 12.2.3's own audit of it fails on Chromium 156's traces.
 */
function lcpElementOf(trace) {
  const candidates = (trace?.traceEvents ?? []).filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const name = candidates.at(-1)?.args?.data?.nodeName;
  return name ? name.replace(/ css-[\w-]+/g, '') : '?';
}

/** One Lighthouse run: the figures the budgets read, and what the page downloaded. */
async function lighthouseRun(debugPort, path, { repeat }) {
  const url = `${BASE_URL}${path}`;
  // The default configuration is the mobile preset. Before each run Lighthouse clears the HTTP
  // cache, service workers and Cache Storage of the origin, but not its cookies or local
  // storage: a signed-in profile stays signed in. A repeat visit clears nothing.
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: repeat,
    ...(args.profile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    lhr,
    trace: artifacts?.Trace,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    jsFiles: scripts?.requestCount ?? 0,
    jsBytes: scripts?.transferSize ?? 0,
    lcpElement: lcpElementOf(artifacts?.Trace),
    warnings: lhr.runWarnings ?? [],
  };
}

const median = (xs) => {
  const s = xs.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const load = () => `${loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min; ${cpus().length} cores)`;

/** What a page's medians miss of its budget, in words; empty when it meets it. */
function misses(m, budget) {
  const out = [];
  if (m.lcp > budget.lcp) out.push(`LCP ${seconds(m.lcp)} > ${seconds(budget.lcp)}`);
  if (m.cls > budget.cls) out.push(`CLS ${m.cls.toFixed(3)} > ${budget.cls}`);
  if (m.tbt > budget.tbt) out.push(`TBT ${Math.round(m.tbt)} ms > ${budget.tbt} ms`);
  if (budget.score !== undefined && m.score < budget.score) out.push(`score ${m.score} < ${budget.score}`);
  return out;
}

function row(cells) {
  const widths = [24, 10, 8, 8, 8, 7, 6, 15];
  return cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' ');
}

/** A news item's id, for /news/{id}: the newest the demo seeded. */
async function newsItemId() {
  const res = await fetch(`${BASE_URL}/api/news/news-cards`);
  const items = await res.json();
  if (!res.ok || !Array.isArray(items) || items.length === 0) throw new Error('the demo portal has no news item for /news/{id}');
  return items[0]._id;
}

if (args.out) mkdirSync(args.out, { recursive: true });
const stopServer = await startServer({ bin: args.bin, baseURL: BASE_URL, port: args.port, logFile: args.out && join(args.out, 'server.log') });
const profiles = [];
let failed = false;
try {
  const newsId = await newsItemId();
  console.log(`web load: Lighthouse 12.2.3, mobile preset (simulated slow 4G: 150 ms, 1.6 Mbit/s; CPU x4), ${RUNS} runs per page, against ${args.bin}`);
  console.log(`load average at start: ${load()}`);
  console.log(row(['page', 'who', 'LCP', 'FCP', 'TBT', 'CLS', 'score', 'JS files / KiB']));

  for (const { persona, pages } of PLAN) {
    const wanted = pages.filter((p) => !only || only.has(p.path));
    if (wanted.length === 0) continue;
    const profileDir = mkdtempSync(join(tmpdir(), 'zocalo-bench-web-profile-'));
    const browser = await launchChromium(profileDir);
    profiles.push({ browser, profileDir });
    const paths = wanted.map((p) => ({ ...p, path: p.path.replace('{id}', newsId), name: p.path }));
    // The server compresses each file on its first request: one visit of every page first
    // keeps that one-off cost of a fresh server out of the runs.
    await withPage(browser.debugPort, async (page) => {
      if (persona) await signIn(page, BASE_URL, persona);
      for (const p of paths) await visit(page, `${BASE_URL}${p.path}`);
    });

    for (const target of paths) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        if (target.repeat) await withPage(browser.debugPort, (page) => visit(page, `${BASE_URL}${target.path}`));
        const run = await lighthouseRun(browser.debugPort, target.path, { repeat: Boolean(target.repeat) });
        if (run.finalPath !== target.path) throw new Error(`${target.path} (${persona ?? 'visitor'}) ended on ${run.finalPath}: the page was not what was measured`);
        runs.push(run);
        const slug = `${(persona ?? 'visitor')}${target.name.replace(/[^a-z0-9]+/gi, '-')}${target.repeat ? '-repeat' : ''}-${i + 1}`;
        if (args.out) {
          writeFileSync(join(args.out, `${slug}.report.json`), JSON.stringify(run.lhr));
          if (run.trace) writeFileSync(join(args.out, `${slug}.trace.json`), JSON.stringify(run.trace));
        }
        if (args.verbose) {
          console.log(`    run ${i + 1}: LCP ${seconds(run.lcp)} FCP ${seconds(run.fcp)} TBT ${Math.round(run.tbt)} ms CLS ${run.cls.toFixed(3)} score ${run.score}; LCP element: ${run.lcpElement}`);
          for (const w of run.warnings) console.log(`      Lighthouse: ${typeof w === 'string' ? w : JSON.stringify(w)}`);
        }
      }
      const m = {
        lcp: median(runs.map((r) => r.lcp)),
        fcp: median(runs.map((r) => r.fcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        score: median(runs.map((r) => r.score)),
      };
      const last = runs.at(-1);
      const missed = misses(m, target.budget);
      if (missed.length > 0) failed = true;
      const name = target.repeat ? `${target.name} (repeat)` : target.name;
      console.log(
        row([name, persona ?? 'visitor', seconds(m.lcp), seconds(m.fcp), `${Math.round(m.tbt)} ms`, m.cls.toFixed(3), m.score, `${last.jsFiles} / ${(last.jsBytes / 1024).toFixed(1)}`]) +
          (missed.length > 0 ? `   MISSED: ${missed.join(', ')}` : '   ok'),
      );
    }
  }
  console.log(`load average at end: ${load()}`);
} catch (err) {
  failed = true;
  console.error(`web load: ${err instanceof Error ? err.message : err}`);
} finally {
  await stopServer();
  for (const { browser, profileDir } of profiles) {
    await browser.stop();
    // Chromium's helpers may still be writing into the profile as it goes: try a few times.
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
if (failed) {
  console.error('web load: a page missed its budget (docs/performance.md, "Phones first")');
  process.exit(1);
}
console.log('web load: every page within its budget');
