import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * The journeys run against the site started the way a user starts it (`npm start`: build, then serve with the
 * embedded database) on a port of its own, with an empty data folder.
 */
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'openlfg-e2e-'));
/** The local stand-in for GitHub's REST API (global-setup.ts starts it); the site reads issues from it. */
export const FAKE_GITHUB_PORT = Number(process.env.E2E_FAKE_GITHUB_PORT ?? 4319);
/** The secret the site checks GitHub's webhook deliveries with; the webhook journey signs its deliveries with it. */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
/** The GitHub login the site treats as a moderator (ADMIN_LOGINS); tests sign in as it to reach /admin. */
export const E2E_MODERATOR = 'e2e-moderator';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  // Sized for a slow or busy machine (`npm run test:stressed` runs the journeys beside a process spinning on
  // every core): a journey waits for what the user would see next, never for time, so these only bound waits
  // that are real. A journey that needs much of them is a finding to trace (`--trace on`), not a limit to raise.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `${baseURL}/api/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      GITHUB_API_URL: `http://127.0.0.1:${FAKE_GITHUB_PORT}`,
      ADMIN_LOGINS: E2E_MODERATOR,
      GITHUB_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
    },
  },
});
