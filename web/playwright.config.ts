import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.ZOCALO_E2E_PORT ?? 18080);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// One fresh data directory per run; workers inherit it through the environment.
process.env.ZOCALO_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'zocalo-e2e-'));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test signs in and loads several pages: on a busy machine that takes more than 30 s.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'es-MX',
    trace: 'retain-on-failure',
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
  webServer: {
    command: `${process.env.ZOCALO_BIN ?? '../bin/zocalo'} all`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: process.env.ZOCALO_E2E_LOGS ? 'pipe' : 'ignore',
    env: {
      ZOCALO_DEMO: 'true',
      ZOCALO_HTTP_ADDR: `127.0.0.1:${PORT}`,
      ZOCALO_DATA_DIR: process.env.ZOCALO_E2E_DATA_DIR,
      ZOCALO_PUBLIC_URL: BASE_URL,
      // Every test signs in from the same address, more often than a person would; the
      // limit itself is tested in Go.
      ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
  },
});
