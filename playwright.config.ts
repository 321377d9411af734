import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Journeys run against the built server (npm run build) on its own port and a fresh data folder,
// in Debian's Chromium (browsers cannot be downloaded on our machines).
const PORT = Number(process.env.E2E_PORT ?? 4173);

// The server's data folder, computed once: this file is evaluated again in every worker process,
// so the first evaluation (the runner) writes the path into the environment that the workers
// inherit. e2e/fixtures.ts imports E2E_DATA_DIR to read the mail outbox (`${E2E_DATA_DIR}/outbox`).
process.env.E2E_DATA_DIR ??= `.data/e2e-${Date.now()}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, process.env.E2E_DATA_DIR);
const DATA_DIR = E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // E2E_SERVER_COMMAND / E2E_STATIC_DIR let several checkouts' journeys run side by side
    // (e.g. `npx tsx api/server.ts` with a web build of their own); CI uses the built server.
    command: process.env.E2E_SERVER_COMMAND ?? 'node dist/server/server.js',
    // LOG_LEVEL=warn: only the server's warnings and errors reach the test output
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // POST /api/test/jobs/run: journeys run a renewal or a freshness check ahead of time (api/http/test-clock.ts)
      TEST_HOOKS: '1',
      // Webhooks may call the journeys' receivers on 127.0.0.1 (e2e/webhooks.spec.ts)
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      LOGIN_LIMIT_PER_IP: '1000',
      // The journeys register and resend for many accounts, all from 127.0.0.1.
      REGISTER_LIMIT_PER_IP: '1000',
      RESEND_LIMIT_PER_IP: '1000',
      SUPPORT_TICKET_LIMIT_PER_IP: '1000',
      // The demo provider and buyers bid and write in many journeys of one run.
      BID_LIMIT_PER_USER: '1000',
      MESSAGE_LIMIT_PER_USER: '1000',
      ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 90_000,
  },
});
