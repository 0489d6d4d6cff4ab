import type { Visibility } from '@openlfg/contracts';
import type { App } from '../../src/app.js';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, jsonHeaders, type TestApp } from './app.js';
import { createSignedInUser } from './users.js';

/** Calls the API as `cookie` (or anonymously) and answers the response. */
export function call(
  app: App,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers:
      method === 'GET'
        ? { ...(cookie ? { cookie } : {}) }
        : { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
}

let titles = 0;

type GroupOverrides = Partial<{
  visibility: Visibility;
  maxMembers: number | null;
  topics: string[];
  title: string;
  description: string;
  discordUrl: string;
}>;

/** The fields of a posted (or edited) group, with `overrides`. */
export function groupFields(overrides: GroupOverrides = {}) {
  return {
    title: overrides.title ?? `Group ${++titles}`,
    description: overrides.description ?? 'We build things together.',
    topics: overrides.topics ?? ['web'],
    skillLevel: 'Any level',
    visibility: overrides.visibility ?? 'public',
    discordUrl: overrides.discordUrl ?? 'https://discord.gg/abc123',
    maxMembers: overrides.maxMembers ?? null,
  };
}

/** Posts a group as `ownerCookie` through the API and answers its id. */
export async function postGroup(
  app: App,
  ownerCookie: string,
  overrides: GroupOverrides = {},
): Promise<number> {
  const res = await call(
    app,
    'POST',
    '/api/group-projects/post-project',
    ownerCookie,
    groupFields(overrides),
  );
  if (res.statusCode !== 201) throw new Error(`posting a group failed: ${res.statusCode} ${res.body}`);
  return res.json().groupProjectId as number;
}

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;
export interface GroupsWorld {
  t: TestApp;
  /** Signed in as grp-owner: the one who posts the file's groups. */
  owner: SignedIn;
  alice: SignedIn;
  bob: SignedIn;
}

/**
 * A groups test file's hooks: an app with an owner, alice and bob signed in before its tests, closed after them.
 * Answers the world its tests use (`g.t.app`, `g.owner.cookie`), filled once the file's first test runs.
 */
export function useGroupsWorld(): GroupsWorld {
  const world = {} as GroupsWorld;
  beforeAll(async () => {
    world.t = await createTestApp();
    world.owner = await createSignedInUser(world.t.database.db, 'grp-owner');
    world.alice = await createSignedInUser(world.t.database.db, 'grp-alice');
    world.bob = await createSignedInUser(world.t.database.db, 'grp-bob');
  });
  afterAll(() => world.t.close());
  return world;
}
