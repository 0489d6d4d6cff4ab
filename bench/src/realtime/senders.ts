import http from 'node:http';
import type { Message } from '@openlfg/contracts';
import type { BenchRoom, BenchUser } from './fixtures.js';
import type { BenchNode } from './nodes.js';

/** A send that keeps failing is retried this long (the outages under test last seconds). */
const GIVE_UP_AFTER_MS = 60_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1000;
const REQUEST_TIMEOUT_MS = 10_000;

export interface SendRecord {
  clientId: string;
  room: BenchRoom;
  author: BenchUser;
  text: string;
  /** performance.now() when the first attempt started: what delivery latency is measured from. */
  startedAt: number;
  /** The same moment on the wall clock, which the nodes (same machine) stamp createdAt with. */
  startedWall: number;
  /** Node index of each attempt, in order. */
  attemptNodes: number[];
  /** Why each failed attempt failed (status or error code). */
  failures: string[];
  /** performance.now() when the first attempt was answered (whatever the answer) or failed. */
  firstAnsweredAt?: number;
  acked?: { id: number; at: number; node: number };
  /** A 4xx other than 429: the bench sent something the server refuses; never retried. */
  rejected?: string;
  gaveUp?: boolean;
}

/**
 * The posters: `rate` messages a second, for `durationMs`, spread round-robin over the rooms, each room's
 * members in turn, and alternately over the nodes (so every room gets messages through both). Each message
 * is one POST /api/messages/add-message with a clientId of its own, over keep-alive connections.
 * The rate is open-loop (a slow answer does not slow the schedule). A send that fails for a reason that is not
 * the request's fault (the node is gone, 5xx, a timeout) is retried with the same clientId, alternately on the
 * other node and its own, with backoff, until acknowledged: the server stores it once whatever the retries.
 */
export class Senders {
  readonly records = new Map<string, SendRecord>();
  /** Answers by status (and network errors by code), every attempt counted. */
  readonly statuses = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private readonly runId = Date.now().toString(36);

  constructor(
    private readonly rooms: BenchRoom[],
    private readonly nodes: BenchNode[],
  ) {}

  /**
   * Sends on schedule while `keepGoing(t)` says so (t: ms since the first send): `rate` a second, reached by a
   * linear ramp over the first `rampMs` (cold nodes and connections are not flooded at once). Resolves when
   * every message is acknowledged (or given up).
   */
  async run(rate: number, rampMs: number, keepGoing: (elapsedMs: number) => boolean): Promise<void> {
    /** How many sends are due `t` ms after the start. */
    const due = (t: number) =>
      t < rampMs
        ? (rate * t * t) / (2 * rampMs * 1000)
        : (rate * rampMs) / 2000 + (rate * (t - rampMs)) / 1000;
    const t0 = performance.now();
    let next = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const elapsed = performance.now() - t0;
        if (!keepGoing(elapsed)) {
          resolve();
          return;
        }
        while (next < due(elapsed)) this.send(next++);
        setTimeout(tick, 2);
      };
      tick();
    });
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private send(n: number): void {
    const room = this.rooms[n % this.rooms.length];
    if (!room) return;
    const round = Math.floor(n / this.rooms.length);
    const author = room.members[round % room.members.length];
    if (!author) return;
    const record: SendRecord = {
      clientId: `rt-${this.runId}-${n}`,
      room,
      author,
      text: `Realtime bench message ${n}`,
      startedAt: performance.now(),
      startedWall: Date.now(),
      attemptNodes: [],
      failures: [],
    };
    this.records.set(record.clientId, record);
    const firstNode = round % this.nodes.length;
    const done = this.deliver(record, firstNode).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private count(key: string): void {
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  private async deliver(record: SendRecord, firstNode: number): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const nodeIndex = (firstNode + attempt) % this.nodes.length;
      const node = this.nodes[nodeIndex];
      if (!node) return;
      record.attemptNodes.push(nodeIndex);
      let failure: string;
      try {
        const response = await post(
          `${node.origin}/api/messages/add-message`,
          { 'content-type': 'application/json', cookie: record.author.cookie, origin: node.origin },
          JSON.stringify({
            groupProjectId: record.room.groupId,
            clientId: record.clientId,
            text: record.text,
          }),
        );
        record.firstAnsweredAt ??= performance.now();
        this.count(String(response.status));
        if (response.status === 200) {
          const body = JSON.parse(response.body) as { data: Message };
          record.acked = { id: body.data.id, at: performance.now(), node: nodeIndex };
          return;
        }
        failure = String(response.status);
        if (response.status < 500 && response.status !== 429) {
          record.rejected = failure;
          return;
        }
      } catch (error) {
        record.firstAnsweredAt ??= performance.now();
        failure = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        this.count(failure);
      }
      record.failures.push(failure);
      if (performance.now() - record.startedAt > GIVE_UP_AFTER_MS) {
        record.gaveUp = true;
        return;
      }
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt) * (0.5 + Math.random() / 2),
        ),
      );
    }
  }
}

/** Keep-alive connections to the nodes (node:http: lighter on the harness's CPU than fetch). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    request.on('error', reject);
    request.end(body);
  });
}
