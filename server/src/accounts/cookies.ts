import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * Cookie names and flags. Over https the names take the `__Host-` prefix, which browsers honour only for
 * Secure, Path=/ cookies without a Domain: no subdomain or plain-http page can plant or overwrite them.
 */
export function cookieSettings(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const prefix = secure ? '__Host-' : '';
  const base: CookieSerializeOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure };
  return {
    session: { name: `${prefix}openlfg_session`, options: base },
    /** The OAuth state, PKCE verifier and return path between authorize and login: signed, 10 minutes. */
    oauth: { name: `${prefix}openlfg_oauth`, options: { ...base, signed: true, maxAge: 10 * 60 } },
  };
}

export type CookieSettings = ReturnType<typeof cookieSettings>;
