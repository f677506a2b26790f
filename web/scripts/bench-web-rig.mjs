// What the web's load benchmark (bench-web.mjs) runs against: the built binary in demo mode,
// and Chromium with a profile of its own that Lighthouse and Playwright both drive.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const answers = (baseURL) => fetch(`${baseURL}/healthz`).then((r) => r.ok, () => false);

/**
 * Starts the binary in demo mode on `port` over a fresh data directory, its log into `logFile`
 * when one is named; resolves to its stop, which resolves once the binary has exited. Refuses a
 * port something already answers on: the pages measured would be that server's, not `bin`'s.
 */
export async function startServer({ bin, baseURL, port, logFile }) {
  if (await answers(baseURL)) throw new Error(`a server already answers on ${baseURL}: stop it, or choose another port`);
  const dataDir = mkdtempSync(join(tmpdir(), 'zocalo-bench-web-'));
  const log = logFile ? openSync(logFile, 'w') : 'ignore';
  const server = spawn(bin, ['all'], {
    stdio: ['ignore', 'ignore', log],
    env: {
      ...process.env,
      ZOCALO_DEMO: 'true',
      ZOCALO_HTTP_ADDR: `127.0.0.1:${port}`,
      ZOCALO_DATA_DIR: dataDir,
      ZOCALO_PUBLIC_URL: baseURL,
      ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
  });
  let exited = null;
  if (typeof log === 'number') closeSync(log);
  const gone = new Promise((resolve) => server.on('exit', (code, signal) => resolve((exited = code ?? signal))));
  const stop = async () => {
    if (exited === null) {
      server.kill('SIGTERM');
      // A shutdown that hangs would keep the port, and the next run would measure this binary.
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (exited !== null) throw new Error(`${bin} exited with ${exited} before it answered`);
    if (await answers(baseURL)) return stop;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${bin} did not answer on ${baseURL} within 60 s`);
}

/** Debian's Chromium unless CHROME_PATH names another (as for Lighthouse's own launcher). */
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

// Lighthouse's launcher's flags (chrome-launcher), headless and without the sandbox, which
// needs privileges a container lacks.
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider',
  '--mute-audio',
  '--password-store=basic',
  '--use-mock-keychain',
  '--window-size=1280,800',
];

/**
 * Starts Chromium on `profileDir` with a DevTools port chosen by the system; resolves once the
 * port is known, to the port and a stop that waits for the browser to exit.
 */
export function launchChromium(profileDir) {
  const browser = spawn(CHROME_PATH, [...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((resolve) => browser.on('exit', resolve));
  const stop = async () => {
    if (browser.exitCode === null && browser.signalCode === null) {
      browser.kill('SIGTERM');
      // Chromium may outlive SIGTERM; the timer also keeps Node waiting, where a bare await on
      // the exit let Node end with the server still running.
      const timer = setTimeout(() => browser.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    let said = '';
    const onData = (chunk) => {
      said += chunk;
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said)?.[1];
      if (!port) return;
      browser.stderr.off('data', onData);
      browser.stderr.resume();
      resolve({ debugPort: Number(port), stop });
    };
    browser.stderr.setEncoding('utf8');
    browser.stderr.on('data', onData);
    browser.on('error', reject);
    void exited.then((code) => reject(new Error(`${CHROME_PATH} exited with ${code} before it listened: ${said.trim().slice(-500)}`)));
  });
}

/** Signs in through the demo persona picker, as a person would; the session stays in the browser. */
export async function signIn(page, baseURL, persona) {
  await page.goto(`${baseURL}/login`);
  await page.getByRole('button', { name: 'Iniciar sesión con Discord' }).click();
  await page.getByRole('button', { name: persona, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/callback') && !url.pathname.startsWith('/login'));
  await page.getByRole('button', { name: 'Menú de usuario' }).waitFor();
}

/** Loads a page until its heading shows and, when it registered a service worker, that worker is ready. */
export async function visit(page, url) {
  await page.goto(url);
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return;
    if (await navigator.serviceWorker.getRegistration()) await navigator.serviceWorker.ready;
  });
}
