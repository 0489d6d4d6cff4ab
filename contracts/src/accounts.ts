import { GITHUB_LOGIN_PATTERN } from './string-patterns.js';
import { Type, type Static } from 'typebox';
import { Text } from './schema-helpers.js';

export const AuthorizeQuery = Type.Object({
  returnTo: Type.Optional(Text({ maxLength: 2048, description: 'A path on this site to come back to' })),
  login: Type.Optional(
    Type.String({
      pattern: GITHUB_LOGIN_PATTERN,
      description:
        'Suggests the account to sign in with (GitHub); development sign-in signs in as it directly',
    }),
  ),
});
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

export const LoginBody = Type.Object(
  {
    code: Text({ minLength: 1, maxLength: 512 }),
    state: Text({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({
  /** Short-lived token for the realtime channel; the session itself is the HttpOnly cookie. */
  token: Type.String(),
  /** The same-site path the user started signing in from. */
  returnTo: Type.String(),
});
export type LoginResponse = Static<typeof LoginResponse>;

export const CheckAuthResponse = Type.Object({
  authenticated: Type.Boolean(),
  /** True when sign-in goes through the built-in development page instead of GitHub. */
  devSignIn: Type.Boolean(),
});
export type CheckAuthResponse = Static<typeof CheckAuthResponse>;

export const User = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
  profileUrl: Type.String(),
});
export type User = Static<typeof User>;

export const UserInfoResponse = Type.Object({ user: User });
export type UserInfoResponse = Static<typeof UserInfoResponse>;

export const PublicRepo = Type.Object({
  name: Type.String(),
  fullName: Type.String(),
  url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  stars: Type.Integer({ minimum: 0 }),
  /** The repository's GitHub topics (what "best for you" on the issue finder ranks by, with languages). */
  topics: Type.Optional(Type.Array(Type.String())),
});
export type PublicRepo = Static<typeof PublicRepo>;

export const PublicReposResponse = Type.Object({ repos: Type.Array(PublicRepo) });
export type PublicReposResponse = Static<typeof PublicReposResponse>;
