import type { OwnProfile, ProfileBody } from '@openlfg/contracts';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import { call } from './groups.js';

/** A profile as its owner saves it: nothing filled in, not looking, shown to the signed-in; with `overrides`. */
export const profile = (overrides: Partial<ProfileBody> = {}): ProfileBody => ({
  skills: [],
  timezone: null,
  hoursPerWeek: null,
  learning: null,
  lookingForGroup: false,
  pitch: null,
  visibleTo: 'signed-in',
  showClaims: false,
  showMentoring: false,
  ...overrides,
});

/** Saves `body` as the profile of the user whose session `user.cookie` is; answers the profile as saved. */
export async function saveProfile(
  app: App,
  user: { cookie: string },
  body: ProfileBody,
): Promise<OwnProfile> {
  const res = await call(app, 'POST', '/api/account/profile', user.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
