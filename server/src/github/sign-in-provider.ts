import type { PublicRepo } from '@openlfg/contracts';

/** Who GitHub (or the development provider) says signed in. */
export interface GitHubIdentity {
  githubId: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
}

/**
 * The OAuth provider seen from the accounts feature: GitHub itself, or, when no OAuth app is configured
 * outside production, the built-in development provider. Both speak authorization code + PKCE S256.
 */
export interface SignInProvider {
  readonly kind: 'github' | 'development';
  authorizeUrl(params: { state: string; codeChallenge: string; redirectUri: string; login?: string }): string;
  /** Trades a one-time code for an access token. Throws SignInRejected or UpstreamUnavailable. */
  exchangeCode(params: { code: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  fetchUser(accessToken: string): Promise<GitHubIdentity>;
  listPublicRepos(accessToken: string): Promise<PublicRepo[]>;
}

/** The provider refused (a bad, used or expired code, a PKCE mismatch, a revoked token). */
export class SignInRejected extends Error {
  override name = 'SignInRejected';
}

/** The provider could not be reached, timed out, or failed on its side. */
export class UpstreamUnavailable extends Error {
  override name = 'UpstreamUnavailable';
}
