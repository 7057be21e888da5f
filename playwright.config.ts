import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ALLOWED_CLIENT_PORT, E2E_PORT, JWKS_PORT } from './tests/e2e/support/ports.ts';

const port = E2E_PORT;
// A fresh data directory per run: the server seeds demo data on first start, as a new user's would.
const dataDir = path.resolve(process.env['E2E_DATA_DIR'] ?? 'test-results/e2e-data');
// The runner loads this file before starting the web server, so clearing here gives each run a fresh install.
// Workers load it too, while the server runs: they must leave the directory alone.
if (!process.env['TEST_WORKER_INDEX'] && !process.env['E2E_KEEP_DATA'])
  fs.rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI runs the server, two browsers and the tests on two cores, where a step takes two to three times as long as on
  // a quiet machine: tests of 12 to 18 s here came to 30 s there (three different ones timed out in three runs).
  // Each step still waits at most 5 s for what it expects, so a hang fails as before.
  timeout: 60_000,
  reporter: process.env['CI'] ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'pages', testIgnore: /site-wide-.*\.spec\.ts/ },
    // Tests that change what every page shows (the currency) wait until no other test is reading pages, and run one
    // at a time: the settings page saves every section at once, so one test's save would undo another's colour.
    { name: 'site-wide', testMatch: /site-wide-.*\.spec\.ts/, dependencies: ['pages'], workers: 1 },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      // Every test signs in and registers from this one address; the limits are tested in tests/api/accounts.test.ts.
      SIGN_IN_LIMIT_PER_IP: '1000',
      REGISTER_LIMIT_PER_IP: '1000',
      // Google sign-in against a local key set that tests/e2e/accounts/google.spec.ts serves.
      FIREBASE_PROJECT_ID: 'marketplace-e2e',
      FIREBASE_JWKS_URL: `http://127.0.0.1:${JWKS_PORT}/keys`,
      PUBLIC_FIREBASE_API_KEY: 'e2e-web-key',
      // Another site's page that calls the API from the browser (tests/e2e/api/cross-origin.spec.ts).
      CORS_ORIGINS: `http://127.0.0.1:${ALLOWED_CLIENT_PORT}`,
    },
  },
});
