import { fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** A production server the bench drives (server-process.ts, in a child process of its own). */
export interface BenchServer {
  address: string;
  cookie?: string;
  /** With BENCH_PROFILES: a person's and the groups' owner's session cookies, and a group that needs skills. */
  matching?: { personCookie: string; ownerCookie: string; groupId: number };
  /**
   * Sets the server's log level (unchanged without one) for the requests that come after it answers, with the
   * CPU time the server has used so far, in microseconds.
   */
  setLogLevel(level?: 'info' | 'silent'): Promise<number>;
  /**
   * `start`: the server collects garbage and answers its memory, then samples it (`start-live`: after a full
   * collection each time); `stop`: the highest RSS and heap it sampled since (bytes).
   */
  memory(action: 'start' | 'start-live' | 'stop'): Promise<{ rss: number; heapUsed: number }>;
  stop(): Promise<void>;
}

/** `logFile`: where the server's stdout (its log) goes, instead of the bench's own output. */
export async function startServer(env: NodeJS.ProcessEnv, logFile?: string): Promise<BenchServer> {
  const child = fork(fileURLToPath(new URL('../server-process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', logFile ? openSync(logFile, 'w') : 'inherit', 'inherit', 'ipc'],
    // A production server: React (the server's rendering of pages) runs its production build only so.
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  type Ready = Pick<BenchServer, 'address' | 'cookie' | 'matching'>;
  const { address, cookie, matching } = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message: Ready) => resolve(message));
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
  });
  return {
    address,
    ...(cookie ? { cookie } : {}),
    ...(matching ? { matching } : {}),
    setLogLevel: (level) =>
      new Promise((resolve) => {
        child.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
        child.send({ logLevel: level });
      }),
    memory: (action) =>
      new Promise((resolve) => {
        child.once('message', (message: { memory: { rss: number; heapUsed: number } }) =>
          resolve(message.memory),
        );
        child.send({ memory: action });
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh database on the server for one round, so every round starts from the same catalogue. */
export async function freshServerDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
