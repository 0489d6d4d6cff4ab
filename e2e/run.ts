import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Runs the Playwright suite in Debian's Chromium. Without that browser a user's machine skips with a clear
 * line; CI (CI=true) fails instead, because a skipped journey there would hide a broken site.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser tests need Chromium at ${chromium} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`;
  if (process.env.CI === 'true') {
    console.error(`FAILED: ${message}`);
    process.exit(1);
  }
  console.warn(`Skipping the browser tests. ${message}`);
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
);
process.exit(result.status ?? 1);
