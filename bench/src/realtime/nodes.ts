import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout: the root whose build the nodes run unless the A/B bench names another (ab.ts). */
export const THIS_CHECKOUT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * One API node of the deployment under test: the production build in a process of its own (server-process.ts)
 * on a fixed port, so that after a SIGKILL it comes back at the same address. PUBLIC_URL is the node's own
 * origin: that is the Origin its WebSocket accepts, and the one the harness sends. `root` is the checkout whose
 * bench/src/server-process.ts (and so whose server/dist) it runs: this one, or another revision's (ab.ts).
 */
export class BenchNode {
  readonly origin: string;
  readonly wsUrl: string;
  /** The application_name of its pool's sessions (PGAPPNAME), to find them in pg_locks and pg_stat_activity. */
  readonly appName: string;
  private child: ChildProcess | null = null;
  /** Exits nobody asked for (a crash), with their code or signal. */
  readonly crashes: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly root: string = THIS_CHECKOUT,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
    this.wsUrl = `ws://127.0.0.1:${port}/api/realtime`;
    this.appName = `openlfg-bench-${name}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Whether the process is running (it has not exited). */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it listens. */
  async start(): Promise<void> {
    const child = fork(path.join(this.root, 'bench/src/server-process.ts'), {
      execArgv: [
        '--import',
        'tsx',
        // BENCH_NODE_PROF=<folder>: each node writes a V8 CPU profile there when it stops.
        ...(process.env.BENCH_NODE_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_NODE_PROF}`]
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        ...this.env,
        BENCH_PORT: String(this.port),
        PUBLIC_URL: this.origin,
        PGAPPNAME: this.appName,
        BENCH_PROJECTS: '0',
        BENCH_GROUPS: '0',
      },
    });
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!(child as ChildProcess & { benchKilled?: boolean }).benchKilled) {
        this.crashes.push(`${this.name} exited (${signal ?? `code ${code}`})`);
      }
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) =>
        reject(new Error(`node ${this.name} exited while starting (code ${code})`)),
      );
    });
    child.disconnect?.();
  }

  /** SIGKILL: no shutdown, no closing frames; the kernel resets its sockets. Resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    (child as ChildProcess & { benchKilled?: boolean }).benchKilled = true;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** SIGTERM, the graceful stop (SIGKILL after 10 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    (child as ChildProcess & { benchKilled?: boolean }).benchKilled = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/**
 * Two nodes of one deployment on one database: same session secret, rate limits off, fixed ports (the realtime
 * round's BENCH_REALTIME_PORT and the next, unless `ports` are given), and any `env` of the round's beside;
 * both run the build of the checkout at `root` (this one unless given).
 */
export function createNodes(
  databaseUrl: string,
  options: { ports?: [number, number]; env?: NodeJS.ProcessEnv; root?: string } = {},
): [BenchNode, BenchNode] {
  const basePort = Number(process.env.BENCH_REALTIME_PORT ?? 4601);
  const [portA, portB] = options.ports ?? [basePort, basePort + 1];
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '20',
    BENCH_SESSION_SECRET: randomBytes(32).toString('hex'),
    LIST_CACHE_TTL_MS: '30000',
    RATE_LIMIT_PER_MINUTE: '0',
    // The outages under test make every node warn by the hundred; errors still show.
    BENCH_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  };
  const root = options.root ?? THIS_CHECKOUT;
  return [new BenchNode('A', portA, env, root), new BenchNode('B', portB, env, root)];
}
