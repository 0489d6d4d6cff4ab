import type { BenchNode } from './nodes.js';

export interface HealthSample {
  node: number;
  startedAt: number;
  ms: number;
  /** HTTP status, or the network error's code. */
  status: string;
}

/**
 * Polls GET /api/health on every node, each every `intervalMs` (one request at a time per node), and keeps
 * how long each answer took: while the database is away a node should answer 503 at once, not hang.
 */
export class HealthPoller {
  readonly samples: HealthSample[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly nodes: BenchNode[],
    private readonly intervalMs = 25,
  ) {}

  start(): void {
    this.running = true;
    this.loops = this.nodes.map((node, index) => this.loop(node, index));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(node: BenchNode, index: number): Promise<void> {
    while (this.running) {
      const startedAt = performance.now();
      let status: string;
      try {
        const response = await fetch(`${node.origin}/api/health`, { signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        status = String(response.status);
      } catch (error) {
        status = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      const ms = performance.now() - startedAt;
      this.samples.push({ node: index, startedAt, ms, status });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.intervalMs - ms)));
    }
  }
}
