import type { ServerFrame } from '@openlfg/contracts';
import type { SocketLike } from './realtime-connection';

/**
 * A WebSocket stand-in the tests drive from the server's side: it records what the client sends and lets the
 * test deliver frames or close it. Every instance is kept, newest last, so a test can find the socket a
 * reconnect opened.
 */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  readonly sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  /** The server sends a frame. */
  deliver(frame: ServerFrame): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The connection ends from the server's side (or the network's: 1006). */
  drop(code = 1006): void {
    this.closedWith = code;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
