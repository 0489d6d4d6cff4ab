import type { Visibility } from '@openlfg/contracts';
import type { App } from '../../src/app.js';
import { jsonHeaders } from './app.js';

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
  discordUrl: string;
}>;

/** The fields of a posted (or edited) group, with `overrides`. */
export function groupFields(overrides: GroupOverrides = {}) {
  return {
    title: overrides.title ?? `Group ${++titles}`,
    description: 'We build things together.',
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
