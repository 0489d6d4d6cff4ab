import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeGitHub } from '../fake-github.js';
import { json, readBody } from '../fake-http.js';
import type { FakeGitHubUser } from './types.js';

export interface IssuedCode {
  user: FakeGitHubUser;
  redirectUri: string;
  challenge: string;
  used: boolean;
  expiresAt: number;
}

export function authorize(gh: FakeGitHub, url: URL, res: ServerResponse): void {
  const q = url.searchParams;
  const redirectUri = q.get('redirect_uri') ?? '';
  if (q.get('client_id') !== gh.clientId) return json(res, 404, { message: 'Not Found' });
  if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
    return json(res, 400, { message: 'code_challenge and code_challenge_method=S256 are required' });
  }
  const back = new URL(redirectUri);
  if (gh.consent === 'deny') {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_description', 'The user has denied your application access.');
  } else {
    const code = randomBytes(10).toString('hex');
    gh.codes.set(code, {
      user: gh.nextUser,
      redirectUri,
      challenge: q.get('code_challenge') ?? '',
      used: false,
      expiresAt: Date.now() + 10 * 60 * 1000,
    });
    back.searchParams.set('code', code);
  }
  back.searchParams.set('state', q.get('state') ?? '');
  res.writeHead(302, { location: back.toString() }).end();
}

export async function accessToken(gh: FakeGitHub, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = JSON.parse((await readBody(req)) || '{}') as Record<string, string | undefined>;
  if (body.client_id !== gh.clientId || body.client_secret !== gh.clientSecret) {
    return json(
      res,
      200,
      oauthError('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.'),
    );
  }
  const issued = body.code ? gh.codes.get(body.code) : undefined;
  if (!issued || issued.used || issued.expiresAt < Date.now()) {
    return json(res, 200, oauthError('bad_verification_code', 'The code passed is incorrect or expired.'));
  }
  if (body.redirect_uri !== issued.redirectUri) {
    return json(
      res,
      200,
      oauthError(
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL for this application.',
      ),
    );
  }
  const challenge = createHash('sha256')
    .update(body.code_verifier ?? '')
    .digest('base64url');
  if (challenge !== issued.challenge) {
    return json(
      res,
      200,
      oauthError('bad_verification_code', 'The code_verifier does not match the code_challenge.'),
    );
  }
  issued.used = true;
  const token = `gho_${randomBytes(16).toString('hex')}`;
  gh.tokens.set(token, issued.user);
  json(res, 200, { access_token: token, token_type: 'bearer', scope: '' });
}

export function withUser(
  gh: FakeGitHub,
  req: IncomingMessage,
  res: ServerResponse,
  then: (user: FakeGitHubUser) => void,
): void {
  const token = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const user = token ? gh.tokens.get(token) : undefined;
  if (!user)
    return json(res, 401, {
      message: 'Bad credentials',
      documentation_url: 'https://docs.github.com/rest',
    });
  then(user);
}

export function publicUser(user: FakeGitHubUser) {
  return {
    id: user.id,
    login: user.login,
    name: user.name,
    avatar_url: user.avatar_url,
    html_url: `https://github.com/${user.login}`,
  };
}

function oauthError(error: string, description: string) {
  return { error, error_description: description, error_uri: 'https://docs.github.com/apps/troubleshooting' };
}
