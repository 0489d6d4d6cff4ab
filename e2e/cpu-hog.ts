import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Another program keeping every core busy, as other work on a shared machine does: one child process per core,
 * each spinning. Each child checks between spins that its parent is alive and exits once it is not, so a hog
 * never outlives the run that started it, even one killed outright.
 */
const SPIN = `
const parent = process.ppid;
for (;;) {
  const until = Date.now() + 100;
  while (Date.now() < until);
  if (process.ppid !== parent) process.exit(0);
}
`;

export interface CpuHog {
  readonly processes: number;
  stop(): Promise<void>;
}

export function startCpuHog(processes = availableParallelism()): CpuHog {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i += 1) {
    children.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  }
  const kill = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  // Whatever ends this process (the end, a failure, Ctrl-C) ends the hogs with it.
  process.once('exit', kill);
  return {
    processes,
    async stop() {
      const exited = children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else child.once('exit', () => resolve());
          }),
      );
      kill();
      await Promise.all(exited);
    },
  };
}

// Run alone (`tsx e2e/cpu-hog.ts`): hogs every core until stopped.
if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  const hog = startCpuHog();
  console.warn(`Spinning ${hog.processes} processes; Ctrl-C stops them.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void hog.stop().then(() => process.exit(0)));
  }
}
