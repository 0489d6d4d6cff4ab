import { ErrorCode, suspendedMessage, type PublicRepo } from '@openlfg/contracts';
import { SignInRejected, UpstreamUnavailable, type SignInProvider } from '../github/sign-in-provider.js';
import { createSealer, createSigner, pkceChallenge, randomToken } from '../platform/crypto.js';
import { HttpError } from '../platform/http/errors.js';
import type { AccountsRepository } from './repository.js';
import type { Sessions } from './sessions.js';

/** How long a sign-in may take between the authorize redirect and the code exchange. */
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
/** Lifetime of the token login answers with (used to open the realtime channel right away). */
const REALTIME_TOKEN_TTL_MS = 5 * 60 * 1000;
/** Public repositories are re-read from GitHub at most this often per user. */
export const REPO_CACHE_TTL_MS = 10 * 60 * 1000;

/** What the OAuth cookie holds between authorize and login. */
export interface PendingSignIn {
  state: string;
  verifier: string;
  returnTo: string;
  expiresAt: number;
}

const signInFailed = (message: string) => new HttpError(400, ErrorCode.signInFailed, message);
const upstream = () =>
  new HttpError(502, ErrorCode.upstream, 'GitHub could not be reached. Please try again in a moment.');

export function createAccountsService(deps: {
  repository: AccountsRepository;
  sessions: Sessions;
  provider: SignInProvider;
  publicUrl: string;
  secret: string;
  now?: () => number;
}) {
  const { repository, sessions, provider } = deps;
  const now = deps.now ?? Date.now;
  const tokenSealer = createSealer(deps.secret, 'github-access-token');
  const realtimeTokens = createSigner(deps.secret, 'realtime');
  // GitHub sends the browser back to the site's root; the web app picks up ?code=&state= on any page.
  const redirectUri = `${deps.publicUrl}/`;

  return {
    beginSignIn(returnTo: string, login?: string): { pending: PendingSignIn; redirectUrl: string } {
      const pending: PendingSignIn = {
        state: randomToken(),
        verifier: randomToken(48),
        returnTo,
        expiresAt: now() + SIGN_IN_WINDOW_MS,
      };
      const redirectUrl = provider.authorizeUrl({
        state: pending.state,
        codeChallenge: pkceChallenge(pending.verifier),
        redirectUri,
        ...(login ? { login } : {}),
      });
      return { pending, redirectUrl };
    },

    /**
     * Checks the state against the browser's pending sign-in (present, equal, fresh, never used before),
     * exchanges the code, records the user and starts a new session. The caller ends any previous session.
     */
    async completeSignIn(input: { code: string; state: string; pending: PendingSignIn | null }) {
      const { pending } = input;
      if (!pending) {
        throw signInFailed(
          'This sign-in has expired or was started in another browser. Please sign in again.',
        );
      }
      if (pending.state !== input.state)
        throw signInFailed('This sign-in does not match the one you started. Please sign in again.');
      if (pending.expiresAt <= now()) throw signInFailed('This sign-in took too long. Please sign in again.');
      if (!(await repository.spendState(pending.state, new Date(pending.expiresAt)))) {
        throw signInFailed('This sign-in was already completed. Please sign in again.');
      }

      let identity;
      let accessToken;
      try {
        accessToken = await provider.exchangeCode({
          code: input.code,
          codeVerifier: pending.verifier,
          redirectUri,
        });
        identity = await provider.fetchUser(accessToken);
      } catch (error) {
        if (error instanceof SignInRejected)
          throw signInFailed('GitHub did not accept this sign-in. Please sign in again.');
        if (error instanceof UpstreamUnavailable) throw upstream();
        throw error;
      }
      // A suspended account is told why, and gets no session (nor is its token kept).
      const suspension = await repository.suspensionOf(identity.githubId);
      if (suspension !== null) {
        throw new HttpError(403, ErrorCode.accountSuspended, suspendedMessage(suspension));
      }
      const user = await repository.upsertUser(identity, tokenSealer.seal(accessToken));
      const session = await sessions.start(user.id);
      const token = realtimeTokens.sign({ userId: user.id }, REALTIME_TOKEN_TTL_MS);
      return { user, session, token, returnTo: pending.returnTo };
    },

    /**
     * The user's public repositories: from the shared cache when fresh, else from GitHub; when GitHub fails,
     * the last answer, however old, rather than nothing.
     */
    async publicRepos(userId: number): Promise<PublicRepo[]> {
      const cached = await repository.readRepoCache(userId);
      if (cached && now() - cached.fetchedAt.getTime() < REPO_CACHE_TTL_MS) return cached.repos;
      const user = await repository.findUserById(userId);
      const accessToken = user?.github_token_encrypted ? tokenSealer.open(user.github_token_encrypted) : null;
      if (!accessToken) {
        if (cached) return cached.repos;
        throw new HttpError(
          403,
          ErrorCode.sessionExpired,
          'Please sign in again so we can read your repositories.',
        );
      }
      try {
        const repos = await provider.listPublicRepos(accessToken);
        await repository.writeRepoCache(userId, repos, new Date(now()));
        return repos;
      } catch (error) {
        if (cached) return cached.repos;
        if (error instanceof SignInRejected) {
          throw new HttpError(
            403,
            ErrorCode.sessionExpired,
            'GitHub no longer accepts your sign-in. Please sign in again.',
          );
        }
        if (error instanceof UpstreamUnavailable) throw upstream();
        throw error;
      }
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
