import type { Kysely } from 'kysely';
import { insertAlerts } from '../../src/alerts/repository.js';
import type { DB } from '../../src/platform/db/schema.js';
import { createSignedInUser } from './users.js';

/**
 * A signed-in user with one saved alert, "TypeScript": new beginner issues in TypeScript projects, not taken.
 * Written straight to the database, so a sync (the server's or the command's) has someone to tell.
 */
export async function createTypeScriptAlertReader(db: Kysely<DB>, login: string) {
  const user = await createSignedInUser(db, login);
  await insertAlerts(db, [
    {
      user_id: user.id,
      name: 'TypeScript',
      languages: ['TypeScript'],
      topics: [],
      label: null,
      project_id: null,
      not_taken: true,
      answers_within_week: false,
      include_quiet: false,
      updated_within_days: null,
    },
  ]);
  return user;
}
