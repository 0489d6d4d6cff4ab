import type { IncomingMessage, ServerResponse } from 'node:http';

/* What the fake upstream servers (GitHub, ecosyste.ms) share: writing a JSON answer and reading a body. */

/** Answers `body` as JSON with `status`, plus any headers the fake adds (rate limits, links). */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    .end(JSON.stringify(body));
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
