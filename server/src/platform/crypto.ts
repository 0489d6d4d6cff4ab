import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** 256 random bits, URL-safe: session ids, OAuth state, PKCE verifiers. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** PKCE S256: BASE64URL(SHA256(verifier)), RFC 7636 section 4.2. */
export function pkceChallenge(verifier: string): string {
  return sha256(verifier);
}

/** A key for one purpose, derived from the session secret, so one secret never serves two uses directly. */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'openlfg', purpose, 32));
}

/**
 * AES-256-GCM for secrets kept at rest (GitHub tokens). Output: "v1.<iv>.<tag>.<ciphertext>", base64url parts.
 * Changing SESSION_SECRET makes old values unreadable: decrypt answers null, and the user signs in again.
 */
export function createSealer(secret: string, purpose: string) {
  const key = deriveKey(secret, purpose);
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string | null {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * Signed, expiring JSON tokens ("<payload>.<mac>") for values the server hands out and later takes back
 * unchanged: the realtime token, development sign-in codes. Not encrypted: never put a secret inside.
 */
export function createSigner(secret: string, purpose: string) {
  const key = deriveKey(secret, `signer:${purpose}`);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload: Record<string, unknown>, ttlMs: number, now = Date.now()): string {
      const body = Buffer.from(JSON.stringify({ ...payload, exp: now + ttlMs })).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(token: string, now = Date.now()): Record<string, unknown> | null {
      const [body, signature] = token.split('.');
      if (!body || !signature) return null;
      const expected = mac(body);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        return typeof payload.exp === 'number' && payload.exp > now ? payload : null;
      } catch {
        return null;
      }
    },
  };
}
