import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/platform/db/data-dir-lock.js';
import { migratedDataDir } from './support/database.js';

/**
 * The entry point as an operator runs it: a real process, real signals. Runs from sources through tsx, so
 * the suite needs no build first.
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const mainFile = path.join(serverDir, 'src', 'main.ts');

function startServer(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainFile], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
  });
}

function collect(child: ChildProcessWithoutNullStreams) {
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output, exited };
}

async function waitForLine(output: { stdout: string }, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output.stdout)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output:\n${output.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  it('stops at boot with one line naming a bad variable', async () => {
    const child = startServer({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-')) });
    const { output, exited } = collect(child);
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe(
      'Invalid configuration: PORT must be an integer from 0 to 65535 (got "not-a-port")',
    );
  });

  it('serves in production, then exits 0 on SIGTERM after closing the database, with its whole log written', async () => {
    // In production the log is written asynchronously: what is queued still reaches stdout before the exit.
    const child = startServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-test-secret-of-at-least-32-characters',
      GITHUB_CLIENT_ID: 'test-client',
      GITHUB_CLIENT_SECRET: 'test-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-')),
    });
    const { output, exited } = collect(child);
    await waitForLine(output, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 90_000);
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.stdout)?.[1];
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const requestLines = output.stdout.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toContain(`"reqId":"${health.headers.get('x-request-id')}"`);
    expect(requestLines[0]).toContain('"url":"/api/health","statusCode":200');
    expect(output.stdout).toContain('"signal":"SIGTERM"');
    expect(output.stderr).toBe('');
  }, 120_000);

  it('refuses a second server on the same DATA_DIR before touching it, and starts once the first is killed', async () => {
    // A DATA_DIR a server has already started on once (the first start of an empty one is tested above).
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: await migratedDataDir() };
    const first = startServer(env);
    const firstRun = collect(first);
    await waitForLine(firstRun.output, /Server listening at/, 90_000);

    const second = collect(startServer(env));
    expect(await second.exited).toBe(1);
    expect(second.output.stderr.trim()).toBe(
      `The database in ${env.DATA_DIR} is in use by another OpenLFG process (pid ${first.pid}). ` +
        'Stop it, or set DATABASE_URL.',
    );
    expect(second.output.stdout).toBe(''); // nothing migrated, seeded or listened

    // A holder killed outright leaves its lock behind; its pid is gone, so the next start takes the lock.
    first.kill('SIGKILL');
    await firstRun.exited;
    const third = startServer(env);
    const thirdRun = collect(third);
    await Promise.race([
      waitForLine(thirdRun.output, /Server listening at/, 90_000),
      thirdRun.exited.then((code) => {
        throw new Error(`the next start exited ${code}: ${thirdRun.output.stderr}`);
      }),
    ]);
    third.kill('SIGTERM');
    expect(await thirdRun.exited).toBe(0);
  }, 180_000);
});

describe('npm start', () => {
  const checkout = path.join(serverDir, '..');

  /** Every file of a build output with its size and modification time, or 'absent'. */
  function snapshot(folder: string): string[] | 'absent' {
    if (!existsSync(folder)) return 'absent';
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((file) => {
        const stats = statSync(path.join(folder, file));
        return `${file} ${stats.size} ${stats.mtimeMs}`;
      });
  }

  it("refuses at once when a server holds DATA_DIR, leaving that server's web/dist and server/dist as they were", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'openlfg-start-'));
    const folder = path.join(dataDir, 'pgdata');
    mkdirSync(folder);
    // This process stands for the running server: it holds the folder the way a server does.
    const lock = await lockDataDir(folder);
    const outputs = [path.join(checkout, 'web/dist'), path.join(checkout, 'server/dist')];
    const before = outputs.map(snapshot);
    try {
      const child = spawn('npm', ['start'], {
        cwd: checkout,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
        },
      });
      const { output, exited } = collect(child);
      expect(await exited).toBe(1);
      expect(output.stderr).toContain(
        `The database in ${dataDir} is in use by another OpenLFG process (pid ${process.pid}). ` +
          'Stop it, or set DATABASE_URL.',
      );
      expect(output.stdout).not.toMatch(/Building|vite|listening/i);
      expect(outputs.map(snapshot)).toEqual(before);
    } finally {
      await lock.release();
    }
  }, 180_000);
});
