import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appJwt } from '../src/github/app-tokens.js';

describe("a GitHub App's JWT", () => {
  it('is RS256, signed with the private key, issued a minute back and lasting under ten minutes', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const jwt = appJwt('4242', privateKey, now);
    const [header = '', payload = '', signature = ''] = jwt.split('.');
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(decode(payload)).toEqual({ iat: now / 1000 - 60, exp: now / 1000 + 540, iss: '4242' });
    const publicKey = createPublicKey(privateKey);
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')),
    ).toBe(true);
  });
});
