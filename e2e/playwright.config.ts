import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

/**
 * The e2e suite runs against the built app (`npm run e2e` builds first) on a fresh embedded database,
 * in Debian's Chromium (browser downloads are impossible here). Playwright evaluates this file in every
 * worker too, so the per-run paths are fixed in the environment the first time.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `bachat-e2e-${process.pid}-${Date.now()}`);
process.env.E2E_PORT ??= '3100';
process.env.E2E_SMS_OUTBOX ??= path.join(process.env.E2E_DATA_DIR, 'sms-outbox.jsonl');
process.env.E2E_TILE_PORT ??= String(Number(process.env.E2E_PORT) + 50);
process.env.E2E_EMAIL_OUTBOX ??= path.join(process.env.E2E_DATA_DIR, 'email-outbox.jsonl');

const port = Number(process.env.E2E_PORT);
/** The home map's tiles come from a local tile server (e2e/tile-server.ts), never the internet. */
export const TILE_ORIGIN = `http://127.0.0.1:${process.env.E2E_TILE_PORT}`;
const origin = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: path.join(root, 'playwright-report') }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  projects: [
    { name: 'client', testDir: './client', use: { baseURL: `${origin}/`, viewport: { width: 360, height: 800 } } },
    { name: 'admin', testDir: './admin', use: { baseURL: `${origin}/clientpage/sales/`, viewport: { width: 1280, height: 800 } } },
    // Every route of the three front ends, as each person (docs/testing.md); sets its own viewports.
    { name: 'smoke', testDir: './smoke', use: { baseURL: `${origin}/` } },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/tile-server.ts',
      cwd: root,
      url: `${TILE_ORIGIN}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { E2E_TILE_PORT: process.env.E2E_TILE_PORT },
    },
    {
      command: 'node --import tsx server/index.ts',
      cwd: root,
      url: `${origin}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // The embedded database (CI); E2E_DATABASE_URL runs the server on an empty PostgreSQL database
        // instead (a busy machine where the embedded one starts too slowly; docs/testing.md).
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        SMS_OUTBOX_FILE: process.env.E2E_SMS_OUTBOX,
        EMAIL_OUTBOX_FILE: process.env.E2E_EMAIL_OUTBOX,
        LOG_LEVEL: 'warn',
        SEED_DEMO_DATA: 'true',
        // Every journey signs in from 127.0.0.1; the per-IP OTP cap (30 an hour) is for the real world.
        OTP_SENDS_PER_IP_PER_HOUR: '1000',
        MAP_TILE_URL: `${TILE_ORIGIN}/tiles/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: 'Test tiles',
      },
    },
  ],
});
