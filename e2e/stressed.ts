import { spawn } from 'node:child_process';
import { startCpuHog } from './cpu-hog.js';

/**
 * `npm run test:stressed`: the unit, PGlite API and browser tiers, one after the other, while a process spins
 * on every core beside them (cpu-hog.ts), as on a machine busy with other work. The suite must pass so: it
 * waits for events, never for time, and its time limits fit a slow machine. Prints each tier's time; exits
 * non-zero if any tier failed (every tier runs regardless).
 */
const tiers = ['test:unit', 'test:api', 'test:e2e'];

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

const hog = startCpuHog();
const stop = () => void hog.stop().then(() => process.exit(130));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
console.warn(`test:stressed: ${hog.processes} processes spin beside the tests (one per core).`);

const results: { tier: string; ms: number; code: number }[] = [];
const started = Date.now();
try {
  for (const tier of tiers) {
    const tierStarted = Date.now();
    const code = await run(tier);
    results.push({ tier, ms: Date.now() - tierStarted, code });
  }
} finally {
  await hog.stop();
}

console.warn(`\ntest:stressed, beside ${hog.processes} spinning processes:`);
for (const { tier, ms, code } of results) {
  console.warn(
    `  ${tier.padEnd(10)} ${minutes(ms).padStart(12)}  ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`,
  );
}
console.warn(`  ${'total'.padEnd(10)} ${minutes(Date.now() - started).padStart(12)}`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
