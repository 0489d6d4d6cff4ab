import type { Kysely } from 'kysely';
import { createAccountsRepository } from '../../src/accounts/repository.js';
import { createSessions } from '../../src/accounts/sessions.js';
import type { DB } from '../../src/platform/db/schema.js';

let nextGitHubId = 900_000;

/**
 * A user with a live session, made directly in the database (the sign-in flow itself is tested in
 * accounts.test.ts). Answers the Cookie header a browser would send.
 */
export async function createSignedInUser(db: Kysely<DB>, login: string) {
  const repository = createAccountsRepository(db);
  const user = await repository.upsertUser(
    { githubId: nextGitHubId++, login, name: login, avatarUrl: null },
    'v1.unused.unused.unused',
  );
  const session = await createSessions(repository, {
    idleTimeoutMs: 3_600_000,
    absoluteTimeoutMs: 3_600_000,
  }).start(user.id);
  return { id: user.id, login, cookie: `openlfg_session=${session.id}` };
}
