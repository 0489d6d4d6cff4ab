import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from './fake-http.js';

/** A package as packages.ecosyste.ms describes it (the fields the sync reads, and a few beside them). */
export interface FakePackage {
  name: string;
  ecosystem: string;
  dependent_repos_count: number | null;
  dependent_packages_count?: number;
  downloads?: number | null;
}

/**
 * A local stand-in for packages.ecosyste.ms speaking `GET /api/v1/packages/lookup?repository_url=`: the
 * packages whose repository_url is that repository (200 with [] when none), with x-ratelimit-* headers,
 * 429 "Retry later" when the hour's budget is spent, and outage modes.
 */
export class FakeEcosystems {
  /** Packages per repository (`owner/name`, any case). */
  readonly packages = new Map<string, FakePackage[]>();
  mode: 'up' | 'error' | 'rate-limited' | 'down' = 'up';
  /** With mode 'rate-limited': the retry-after of the 429. */
  retryAfterSeconds = 3600;
  /** One-off answers for the next requests, in order, before `mode` applies. */
  readonly faults: ('error' | 'rate-limited')[] = [];
  readonly budget = { limit: 5000, remaining: 5000 };
  readonly requests: { repositoryUrl: string | null; status: number }[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  env(): NodeJS.ProcessEnv {
    return { ECOSYSTEMS_URL: this.url };
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const repositoryUrl = url.searchParams.get('repository_url');
    const record = { repositoryUrl, status: 0 };
    this.requests.push(record);
    const mode = this.faults.shift() ?? this.mode;
    if (mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (mode === 'error') {
      record.status = 500;
      res
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<h1>We are sorry, but something went wrong.</h1>');
      return;
    }
    if (mode === 'rate-limited' || this.budget.remaining <= 0) {
      record.status = 429;
      res
        .writeHead(429, {
          'content-type': 'text/plain',
          'retry-after': String(this.retryAfterSeconds),
          'x-ratelimit-limit': String(this.budget.limit),
          'x-ratelimit-remaining': '0',
        })
        .end('Retry later\n');
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/api/v1/packages/lookup') {
      record.status = 404;
      return json(res, 404, { error: 'Not Found' });
    }
    if (!repositoryUrl) {
      record.status = 400;
      return json(res, 400, { error: 'repository_url, purl or ecosystem and name are required' });
    }
    this.budget.remaining -= 1;
    const repoExt = repositoryUrl.replace(/^https:\/\/github\.com\//i, '').toLowerCase();
    const found = [...this.packages].find(([name]) => name.toLowerCase() === repoExt)?.[1] ?? [];
    record.status = 200;
    json(
      res,
      200,
      found.map((p, i) => ({
        id: 1000 + i,
        name: p.name,
        ecosystem: p.ecosystem,
        purl: `pkg:${p.ecosystem}/${p.name}`,
        repository_url: repositoryUrl,
        dependent_repos_count: p.dependent_repos_count,
        dependent_packages_count: p.dependent_packages_count ?? 0,
        downloads: p.downloads ?? null,
        registry: { name: `${p.ecosystem}.example`, ecosystem: p.ecosystem },
      })),
      {
        'x-ratelimit-limit': String(this.budget.limit),
        'x-ratelimit-remaining': String(this.budget.remaining),
      },
    );
  }
}
