import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

/**
 * The floor of the API's fixed cost: Fastify with one route answering `{ hello: 'world' }`, nothing else, in a
 * process of its own (as the server is in its own). What the server adds to every request (hooks, headers,
 * validation, the access log, serialising) shows as the distance from it, on whatever machine the bench runs.
 */
if (process.send && process.argv.includes('--serve')) {
  const app = Fastify({ logger: false });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ address });
}

export async function startBareHello(): Promise<{ address: string; stop: () => Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { address: string }) => resolve(message.address));
    child.once('exit', (code) => reject(new Error(`the bare Fastify hello exited early (code ${code})`)));
  });
  return {
    address,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
