// What a signed-in page's main thread does while it loads: the built binary in demo mode,
// Chromium on a phone-sized window with the CPU 4x slower and a slow 4G network, a cold
// cache, a performance trace with the JavaScript profiler's samples. Prints the long tasks,
// what the main thread spent its time on (style, layout, script, GC), and the functions that
// took it, by self time and by total time.
//
//   node scripts/trace-web.mjs [--bin ../bin/zocalo] [--port 18491] [--pages jugador:/support,moderador:/dashboard]
//                              [--out dir] [--top 25]
//
// For readable function names, build the app unminified first (`npx vite build --minify
// false`, then `go build` the binary). --out keeps each trace, to open in DevTools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { signIn, startServer, visit } from './bench-web-rig.mjs';
import { summarize } from './trace-summary.mjs';

const { values: args } = parseArgs({
  options: {
    bin: { type: 'string', default: resolve(import.meta.dirname, '../../bin/zocalo') },
    port: { type: 'string', default: '18491' },
    pages: { type: 'string', default: 'jugador:/support,moderador:/dashboard' },
    out: { type: 'string' },
    top: { type: 'string', default: '25' },
  },
});
const BASE_URL = `http://127.0.0.1:${args.port}`;
const CPU_SLOWDOWN = 4;
// Lighthouse's slow 4G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/** Resolves once the page has gone `quietMs` without a long task (at most `limitMs`). */
function mainThreadQuiet(page, quietMs = 2000, limitMs = 60_000) {
  return page.evaluate(
    ([quiet, limit]) =>
      new Promise((done) => {
        let timer = setTimeout(done, quiet);
        const observer = new PerformanceObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        observer.observe({ type: 'longtask' });
        setTimeout(done, limit);
      }),
    [quietMs, limitMs],
  );
}

async function trace(browser, persona, path) {
  const context = await browser.newContext({ locale: 'es-MX', viewport: { width: 1280, height: 800 } });
  try {
    const setup = await context.newPage();
    if (persona) await signIn(setup, BASE_URL, persona);
    // The server compresses each file on its first request: not part of what is traced.
    await visit(setup, `${BASE_URL}${path}`);
    await setup.close();

    const page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReturnAsStream' });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.locator('h1').first().waitFor({ timeout: 120_000 });
    await mainThreadQuiet(page);
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== path) throw new Error(`${path} (${persona}) ended on ${finalPath}`);
    const ended = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    const { stream } = await ended;
    let text = '';
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream });
      text += base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data;
      if (eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    return JSON.parse(text);
  } finally {
    await context.close();
  }
}

const targets = args.pages.split(',').map((entry) => {
  const [persona, path] = entry.includes(':') ? entry.split(':') : [null, entry];
  return { persona: persona || null, path };
});
if (args.out) mkdirSync(args.out, { recursive: true });
const stopServer = await startServer({ bin: args.bin, baseURL: BASE_URL, port: args.port, logFile: args.out && join(args.out, 'server.log') });
let browser;
try {
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  console.log(`trace: CPU x${CPU_SLOWDOWN}, slow 4G, cold cache, 412x823; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} cores)`);
  for (const { persona, path } of targets) {
    const data = await trace(browser, persona, path);
    if (args.out) writeFileSync(join(args.out, `${persona ?? 'visitor'}${path.replace(/[^a-z0-9]+/gi, '-')}.trace.json`), JSON.stringify(data));
    console.log(`\n== ${path} (${persona ?? 'visitor'})`);
    console.log(summarize(data.traceEvents ?? data, { top: Number(args.top), origin: BASE_URL }));
  }
} finally {
  await browser?.close();
  await stopServer();
}
