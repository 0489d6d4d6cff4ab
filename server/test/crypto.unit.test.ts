import { describe, expect, it } from 'vitest';
import { createSealer, createSigner, pkceChallenge } from '../src/platform/crypto.js';

const secret = 'a'.repeat(64);

describe('createSealer', () => {
  it('round-trips, with a fresh IV each time', () => {
    const sealer = createSealer(secret, 'tokens');
    const a = sealer.seal('gho_abc');
    const b = sealer.seal('gho_abc');
    expect(a).not.toBe(b);
    expect(sealer.open(a)).toBe('gho_abc');
    expect(a).not.toContain('gho_abc');
  });

  it('opens nothing sealed under another secret or purpose, or tampered with', () => {
    const sealed = createSealer(secret, 'tokens').seal('gho_abc');
    expect(createSealer('b'.repeat(64), 'tokens').open(sealed)).toBeNull();
    expect(createSealer(secret, 'other').open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(createSealer(secret, 'tokens').open(parts.join('.'))).toBeNull();
    expect(createSealer(secret, 'tokens').open('garbage')).toBeNull();
  });
});

describe('createSigner', () => {
  it('verifies its own tokens until they expire', () => {
    const signer = createSigner(secret, 'realtime');
    const token = signer.sign({ userId: 7 }, 1000, 10_000);
    expect(signer.verify(token, 10_500)).toMatchObject({ userId: 7 });
    expect(signer.verify(token, 11_000)).toBeNull();
  });

  it('refuses a changed payload or a token for another purpose', () => {
    const token = createSigner(secret, 'realtime').sign({ userId: 7 }, 60_000);
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ userId: 8, exp: Date.now() + 60_000 })).toString('base64url')}.${mac}`;
    expect(createSigner(secret, 'realtime').verify(forged)).toBeNull();
    expect(createSigner(secret, 'dev-sign-in-code').verify(token)).toBeNull();
  });
});

describe('pkceChallenge', () => {
  it('matches the S256 example of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
