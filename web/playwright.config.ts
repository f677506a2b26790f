import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  // A worker per core, each with its own portal (e2e/fixtures.ts); a file's tests run in order.
  fullyParallel: false,
  workers: Number(process.env.ZOCALO_E2E_WORKERS ?? availableParallelism()),
  retries: 0,
  // A test signs in and loads several pages: on a busy machine that takes more than 30 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'es-MX',
    // The service worker would answer requests from its caches and outlive a test's page: every
    // spec runs without it, but e2e/service-worker.spec.ts, which is about it.
    serviceWorkers: 'block',
    // A failed test keeps its trace: the DOM at every step, without the screencast, whose
    // frames took a third of the browser's time in every test, passed or failed.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
