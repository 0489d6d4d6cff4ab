import { createHash } from 'node:crypto';
import { createSigner, pkceChallenge } from '../platform/crypto.js';
import { SignInRejected, type SignInProvider } from './sign-in-provider.js';

/** How long a development sign-in code stays valid, like GitHub's own codes. */
const CODE_TTL_MS = 10 * 60 * 1000;

/**
 * Development sign-in: stands in for GitHub when no OAuth app is configured outside production. It speaks the
 * same flow (authorize page -> redirect with code and state -> code exchange with a PKCE check), so everything
 * after it is the real code path. The "user" is whoever the page is told you are.
 */
export function createDevProvider(options: { publicUrl: string; secret: string }) {
  const codes = createSigner(options.secret, 'dev-sign-in-code');
  const tokens = createSigner(options.secret, 'dev-sign-in-token');

  const provider: SignInProvider = {
    kind: 'development',

    authorizeUrl({ state, codeChallenge, login }) {
      const params = new URLSearchParams({ state, code_challenge: codeChallenge });
      if (login) params.set('login', login);
      return `${options.publicUrl}/api/account/dev/authorize?${params}`;
    },

    async exchangeCode({ code, codeVerifier }) {
      const payload = codes.verify(code);
      if (!payload || typeof payload.login !== 'string') throw new SignInRejected('unknown or expired code');
      if (payload.challenge !== pkceChallenge(codeVerifier))
        throw new SignInRejected('PKCE verifier does not match');
      return tokens.sign({ login: payload.login }, 365 * 24 * 60 * 60 * 1000);
    },

    async fetchUser(accessToken) {
      const payload = tokens.verify(accessToken);
      if (!payload || typeof payload.login !== 'string') throw new SignInRejected('unknown token');
      return {
        githubId: developmentUserId(payload.login),
        login: payload.login,
        name: payload.login,
        avatarUrl: null,
      };
    },

    // There is no GitHub behind development sign-in, so a development user owns no repositories.
    async listPublicRepos() {
      return [];
    },
  };

  return {
    provider,
    /** The code the development authorize page hands back, bound to the PKCE challenge like GitHub's. */
    issueCode(login: string, codeChallenge: string): string {
      return codes.sign({ login, challenge: codeChallenge }, CODE_TTL_MS);
    },
  };
}

/**
 * A stable id per development login, far above GitHub's real ids (which are below 2^31 today), so a
 * database used for development never mixes the two.
 */
export function developmentUserId(login: string): number {
  const hash = createHash('sha256').update(login.toLowerCase()).digest();
  return 2 ** 40 + (hash.readUIntBE(0, 5) % 2 ** 40);
}
