import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';

export { expect };
export type { Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';

/** The first port of the portals: worker N listens on BASE_PORT + N. */
export const BASE_PORT = Number(process.env.ZOCALO_E2E_PORT ?? 18080);

/** Ports the specs that start processes of their own (two replicas) may use: none of a worker's. */
export const SPARE_PORTS = [BASE_PORT + 90, BASE_PORT + 91];

interface Portal {
  url: string;
}

/**
 * Every worker runs its own portal: the binary in demo mode over a data directory of its own,
 * so the spec files of two workers never see each other's writes; the files a worker runs
 * share its portal one after the other, as they would share a deployment.
 */
export const test = base.extend<{ strayContexts: void }, { portal: Portal }>({
  portal: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, provide, workerInfo) => {
      const port = BASE_PORT + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      // Something already answering there (a portal left running, another suite) would pass the
      // health check below in place of this worker's own portal.
      if (await fetch(`${url}/healthz`).then(() => true, () => false)) {
        throw new Error(`${url} already answers: stop what listens there or choose other ports with ZOCALO_E2E_PORT`);
      }
      const dataDir = mkdtempSync(join(tmpdir(), `zocalo-e2e-${workerInfo.parallelIndex}-`));
      const logs = process.env.ZOCALO_E2E_LOGS ? 'inherit' : 'ignore';
      const child: ChildProcess = spawn(process.env.ZOCALO_BIN ?? '../bin/zocalo', ['all'], {
        stdio: ['ignore', 'ignore', logs],
        env: {
          ...process.env,
          ZOCALO_DEMO: 'true',
          ZOCALO_HTTP_ADDR: `127.0.0.1:${port}`,
          ZOCALO_DATA_DIR: dataDir,
          ZOCALO_PUBLIC_URL: url,
          // Every test signs in from the same address, more often than a person would; the
          // limit itself is tested in Go.
          ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
        },
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        await expect
          .poll(async () => (child.exitCode === null ? ((await fetch(`${url}/healthz`).catch(() => null))?.status ?? 0) : -1), {
            timeout: 60_000,
            intervals: [100, 250],
            message: `the portal of worker ${workerInfo.parallelIndex} answers on ${url}`,
          })
          .toBe(200);
        await provide({ url });
      } finally {
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, provide) => {
    await provide(portal.url);
  },
  /**
   * The browsers a test opens for itself (another persona's, with browser.newContext) close
   * when it ends, passed or failed: left open in the worker's browser they kept polling and
   * reconnecting their live streams through every later test of the worker.
   */
  strayContexts: [
    async ({ browser, context }, provide) => {
      const before = new Set([...browser.contexts(), context]);
      await provide();
      await Promise.all(browser.contexts().filter((opened) => !before.has(opened)).map((opened) => opened.close()));
    },
    { auto: true },
  ],
});
