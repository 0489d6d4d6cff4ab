import type { ServerFrame } from '@openlfg/contracts';
import WebSocket from 'ws';
import type { App } from '../../src/app.js';
import { TEST_PUBLIC_URL } from './app.js';

/** Listens on a free loopback port (a WebSocket needs a real socket) and answers the ws:// URL. */
export async function listenForSockets(app: App): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http:', 'ws:')}/api/realtime`;
}

export interface TestSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or coming) that matches, after those already taken. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** The same for any frame `match` accepts. */
  nextFrame(match: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  send(frame: unknown): void;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

/** A real WebSocket client, as a browser on the site would open it (its Origin, its cookie). */
export function openSocket(
  url: string,
  options: { cookie?: string | null; origin?: string | null; headers?: Record<string, string> } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = { ...options.headers };
  const origin = options.origin === undefined ? TEST_PUBLIC_URL : options.origin;
  if (origin) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  const socket = new WebSocket(url, { headers });
  const frames: ServerFrame[] = [];
  const taken = new Set<ServerFrame>();
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  function nextFrame(match: (frame: ServerFrame) => boolean, timeoutMs = 30_000): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)),
        timeoutMs,
      );
      const check = () => {
        const found = frames.find((frame) => !taken.has(frame) && match(frame));
        if (!found) {
          waiters.push(check);
          return;
        }
        taken.add(found);
        clearTimeout(timer);
        resolve(found);
      };
      check();
    });
  }
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        closed,
        send: (frame) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        close: () => socket.close(),
        next(type, match, timeoutMs) {
          type Wanted = Extract<ServerFrame, { type: typeof type }>;
          return nextFrame(
            (frame) => frame.type === type && (!match || match(frame as Wanted)),
            timeoutMs,
          ) as Promise<Wanted>;
        },
        nextFrame,
      }),
    );
  });
}
