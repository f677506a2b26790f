// The web's load benchmark: the built binary in demo mode on a port and data directory of its
// own, Chromium with a 4x slower CPU and a slow 4G network, a cold cache. Loads the landing
// signed out, then /support and /dashboard signed in through the demo persona picker, a few
// runs each, and prints for each page the median Largest Contentful Paint with the scripts
// and stylesheets it downloaded. Exits non-zero when a signed-in page's median misses its
// budget (docs/performance.md).
//
//   node scripts/bench-web.mjs [--bin ../bin/zocalo] [--port 18490] [--runs 5] [--verbose]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    bin: { type: 'string', default: resolve(import.meta.dirname, '../../bin/zocalo') },
    port: { type: 'string', default: '18490' },
    runs: { type: 'string', default: '5' },
    verbose: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const BASE_URL = `http://127.0.0.1:${args.port}`;

/** Median LCP a signed-in page must reach under the throttling below. */
const SIGNED_IN_LCP_BUDGET_MS = 3500;
const CPU_SLOWDOWN = 4;
// Lighthouse's slow 4G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip.
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** The pages measured: who signs in (none for the landing) and what shows once it is there. */
const PAGES = [
  { name: 'landing', path: '/', persona: null, heading: { name: 'Servidores', level: 2 }, budget: null },
  { name: '/support', path: '/support', persona: 'jugador', heading: { name: 'Centro de Soporte' }, budget: SIGNED_IN_LCP_BUDGET_MS },
  { name: '/dashboard', path: '/dashboard', persona: 'moderador', heading: { name: 'Panel de Control' }, budget: SIGNED_IN_LCP_BUDGET_MS },
];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'zocalo-bench-web-'));
  const server = spawn(args.bin, ['all'], {
    stdio: ['ignore', 'ignore', args.verbose ? 'inherit' : 'ignore'],
    env: {
      ...process.env,
      ZOCALO_DEMO: 'true',
      ZOCALO_HTTP_ADDR: `127.0.0.1:${args.port}`,
      ZOCALO_DATA_DIR: dataDir,
      ZOCALO_PUBLIC_URL: BASE_URL,
      ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
  });
  let exited = null;
  server.on('exit', (code) => (exited = code));
  const stop = () => {
    if (exited === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (exited !== null) throw new Error(`${args.bin} exited with ${exited} before it answered`);
    const healthy = await fetch(`${BASE_URL}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return stop;
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`${args.bin} did not answer on ${BASE_URL} within 60 s`);
}

/** Signs in through the demo persona picker, unthrottled: the session is not what is measured. */
async function signIn(page, persona) {
  await page.goto(`${BASE_URL}/login`);
  await page.getByRole('button', { name: 'Iniciar sesión con Discord' }).click();
  await page.getByRole('button', { name: persona, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/callback') && !url.pathname.startsWith('/login'));
  await page.getByRole('button', { name: 'Menú de usuario' }).waitFor();
}

/** Records the scripts and stylesheets the page downloads, with their bytes on the wire. */
function recordTransfers(cdp) {
  const pending = new Map();
  const done = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const path = new URL(response.url).pathname;
    if (type === 'Script' || type === 'Stylesheet' || /\.(js|css)$/.test(path)) pending.set(requestId, { path, type });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const t = pending.get(requestId);
    if (t) done.push({ ...t, bytes: encodedDataLength });
  });
  return done;
}

/** The last largest-contentful-paint entry, once the page has shown what it is for. */
function largestContentfulPaint(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 10_000);
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          if (!last) return;
          clearTimeout(timer);
          const el = last.element;
          resolve({ ms: last.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/)[0]}` : ''}` : '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function measure(browser, target) {
  const context = await browser.newContext({ locale: 'es-MX' });
  // 'networkidle' below waits for every request to finish, and the live stream never does.
  await context.route('**/api/events', (route) => route.abort());
  try {
    if (target.persona) await signIn(await context.newPage(), target.persona);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const transfers = recordTransfers(cdp);
    await page.goto(`${BASE_URL}${target.path}`, { waitUntil: 'commit', timeout: 60_000 });
    await page.getByRole('heading', target.heading).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const lcp = await largestContentfulPaint(page);
    const js = transfers.filter((t) => t.type === 'Script' || t.path.endsWith('.js'));
    return { lcp, transfers, jsCount: js.length, bytes: transfers.reduce((sum, t) => sum + t.bytes, 0) };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = xs.toSorted((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const stopServer = await startServer();
let browser;
let missed = false;
try {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(`web load: ${RUNS} cold runs per page, CPU x${CPU_SLOWDOWN}, 1.6 Mbit/s down, 150 ms latency, against ${args.bin}`);
  // The server compresses each file once, on its first request: one visit of each page first
  // keeps that one-off cost of a fresh server out of the figures.
  for (const target of PAGES) await measure(browser, target);
  for (const target of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, target));
    const lcp = median(runs.map((r) => r.lcp.ms));
    const last = runs.at(-1);
    const verdict = target.budget === null ? '' : lcp <= target.budget ? `  ok (budget ${target.budget} ms)` : `  MISSED (budget ${target.budget} ms)`;
    if (target.budget !== null && lcp > target.budget) missed = true;
    console.log(
      `${target.name.padEnd(11)} LCP median ${String(Math.round(lcp)).padStart(5)} ms (runs ${runs.map((r) => Math.round(r.lcp.ms)).join(', ')}; ${last.lcp.element})` +
        `  ${last.jsCount} JS requests, ${last.transfers.length - last.jsCount} CSS, ${kib(last.bytes)}${verdict}`,
    );
    if (args.verbose) {
      for (const t of last.transfers.toSorted((a, b) => b.bytes - a.bytes)) console.log(`    ${kib(t.bytes).padStart(10)} ${t.path}`);
    }
  }
} finally {
  await browser?.close();
  stopServer();
}
if (missed) {
  console.error('web load: a signed-in page missed its LCP budget');
  process.exit(1);
}
