import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a handler's work until its promise settles (see `trackRunningHandlers`); answers the promise. */
    trackHandler<T>(work: Promise<T>): Promise<T>;
  }
}

/**
 * Handlers still at work, whether or not their client is still there. A client that gives up on a request (a
 * load generator at the end of its run, a closed tab) closes its connection, so closing the server no longer
 * waits for that request, yet its handler goes on to its next query: were the database closed then, it would
 * fail on a destroyed driver. Every route's handler that answers a promise is counted until it settles (the
 * SPA's pages through `trackHandler`), and `close()` waits for the count to reach zero, so the database (closed
 * after it, main.ts) closes after the last query of the last handler. Registered before every other onClose
 * hook, it runs after them all (Fastify runs them last first), once the server has stopped listening; the wait
 * is bounded by the shutdown's own timeout.
 */
export function trackRunningHandlers(app: FastifyInstance): void {
  let running = 0;
  let waiting: (() => void)[] = [];
  const finished = () => {
    running -= 1;
    if (running > 0) return;
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
  };
  const track = <T>(work: Promise<T>): Promise<T> => {
    running += 1;
    work.then(finished, finished);
    return work;
  };
  app.decorate('trackHandler', track);
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    // A socket's handler returns once the socket is set up; the socket itself is closed by its own hooks.
    if (route.websocket) return;
    const handler = route.handler;
    // The handler's own answer, unchanged: only a promise is counted (a handler that answers synchronously is
    // done when it returns).
    route.handler = function (this: FastifyInstance, request, reply) {
      const answer: unknown = handler.call(this, request, reply);
      if (answer instanceof Promise) track(answer);
      return answer as ReturnType<typeof handler>;
    };
  });
  app.addHook('onClose', async () => {
    if (running > 0) await new Promise<void>((resolve) => waiting.push(resolve));
  });
}
