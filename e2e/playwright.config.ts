import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = mkdtempSync(join(tmpdir(), 'hunab-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A 2-core machine runs two workers and the server; multi-step tests need the headroom.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    // A new browser context installs the service worker, which downloads every asset and translation to precache
    // it: work no test needs except those about the worker, which opt back in (pwa.spec.ts).
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    // A new embedded database is created at start: seconds on a quiet machine, much longer on a busy one.
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@e2e.hunab.test',
      ADMIN_PASSWORD: 'e2e admin password',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      // Every test opens accounts from this one address.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      // The browser tests buy with the built-in test provider, which PostgreSQL keeps off unless asked.
      PAYMENTS_TEST_PROVIDER: 'true',
    },
  },
});
