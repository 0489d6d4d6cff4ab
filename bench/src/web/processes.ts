import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Tries `attempt` until it answers something, a quarter of a second apart, for at most `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Waits until an HTTP server answers `url` with a 2xx. */
export function waitForHttp(what: string, url: string, timeoutMs: number): Promise<true> {
  return waitFor(what, async () => ((await fetch(url)).ok ? true : undefined), timeoutMs);
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Debian's Chromium, headless, with its DevTools port for Lighthouse. */
export async function startChromium(
  chromiumPath: string,
  profileDir: string,
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const args = [
    '--headless=new',
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profileDir}`,
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    'about:blank',
  ];
  const child = spawn(chromiumPath, args, { stdio: 'ignore' });
  await waitForHttp('Chromium', `http://127.0.0.1:${port}/json/version`, 30_000);
  return { port, child };
}
