import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGitHub } from '../fake-github.js';
import { json } from '../fake-http.js';

/** A GitHub App as the fake knows it: its id, its key pair (tests configure the private key). */
export function fakeApp() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    id: '123456',
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
    /** The installations that exist (ids); others are 404s. */
    installations: new Set<number>(),
    /** Installation tokens issued: token -> installation id. GraphQL accepts them. */
    tokens: new Map<string, number>(),
    /** How many tokens each installation was given. */
    issued: new Map<number, number>(),
  };
}
export type FakeApp = ReturnType<typeof fakeApp>;

/**
 * POST /app/installations/:id/access_tokens as GitHub answers it: the App's JWT (RS256, signed with its private
 * key, `iss` its id, not expired, at most 10 minutes long) in Authorization, else 401; an unknown installation is
 * a 404; else 201 with a token valid for an hour.
 */
export function installationAccessToken(
  gh: FakeGitHub,
  installationId: number,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const app = gh.app;
  const jwt = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const claims = (() => {
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  const now = Math.floor(Date.now() / 1000);
  const valid =
    verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      app.publicKey,
      Buffer.from(signature, 'base64url'),
    ) &&
    claims.iss === app.id &&
    typeof claims.exp === 'number' &&
    typeof claims.iat === 'number' &&
    claims.exp > now &&
    claims.exp - claims.iat <= 600;
  if (!valid) {
    return json(res, 401, {
      message: 'A JSON web token could not be decoded',
      documentation_url: 'https://docs.github.com/rest',
    });
  }
  if (!app.installations.has(installationId)) {
    return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }
  const token = `ghs_${randomBytes(18).toString('hex')}`;
  app.tokens.set(token, installationId);
  app.issued.set(installationId, (app.issued.get(installationId) ?? 0) + 1);
  json(res, 201, {
    token,
    expires_at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    permissions: { issues: 'read', metadata: 'read', pull_requests: 'read' },
    repository_selection: 'selected',
  });
}
