import type { OwnProfile, ProfileBody, UserProfile } from '@openlfg/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { signedInHandlers, signedInSession } from '../../issues/test-fixtures';

const profile = (overrides: Partial<OwnProfile> = {}): OwnProfile => ({
  login: 'ada',
  name: 'Ada',
  avatarUrl: null,
  languages: ['TypeScript', 'Rust'],
  topics: ['cli'],
  skills: [],
  timezone: null,
  utcOffsetMinutes: null,
  hoursPerWeek: null,
  learning: null,
  lookingForGroup: false,
  pitch: null,
  visibleTo: 'signed-in',
  showClaims: false,
  showMentoring: false,
  ...overrides,
});

const posts = (calls: readonly RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/account/profile').map((c) => c.body);

describe('the profile form', () => {
  it('suggests the browser’s timezone, and saves every field with the keyboard', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/profile': () => ({ body: profile() }),
      'POST /api/account/profile': (call) => ({ body: profile(call.body as Partial<OwnProfile>) }),
    });
    const { user } = renderApp('/settings/profile', { session: signedInSession });

    const skills = await screen.findByLabelText('Skills you add');
    expect(
      screen.getByText(/From your public repositories on GitHub: TypeScript, Rust; topics cli/),
    ).toBeTruthy();
    expect((screen.getByLabelText('Timezone') as HTMLInputElement).value).toBe(browserZone);
    expect(screen.getByText(new RegExp(`Suggested from your browser: ${browserZone}`))).toBeTruthy();

    await user.type(skills, 'typescript, docs');
    await user.clear(screen.getByLabelText('Timezone'));
    await user.type(screen.getByLabelText('Timezone'), 'Europe/Berlin');
    await user.type(screen.getByLabelText('Hours a week'), '10');
    await user.type(screen.getByLabelText('What you want to learn'), 'Rust');
    await user.click(screen.getByRole('checkbox', { name: 'Looking for a group' }));
    await user.type(screen.getByLabelText('Your pitch'), 'I write tests.');
    await user.click(screen.getByRole('radio', { name: 'Only owners of groups I ask to join' }));
    await user.click(screen.getByRole('checkbox', { name: 'The issues I claim' }));
    // Enter in a field sends the form.
    await user.type(screen.getByLabelText('Hours a week'), '{Enter}');

    await waitFor(() =>
      expect(posts(calls)).toEqual<ProfileBody[]>([
        {
          skills: ['typescript', 'docs'],
          timezone: 'Europe/Berlin',
          hoursPerWeek: 10,
          learning: 'Rust',
          lookingForGroup: true,
          pitch: 'I write tests.',
          visibleTo: 'requested-groups',
          showClaims: true,
          showMentoring: false,
        },
      ]),
    );
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
  });

  it('says what is wrong beside each field, focuses the first, and sends nothing', async () => {
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/profile': () => ({ body: profile({ timezone: 'UTC' }) }),
    });
    const { user } = renderApp('/settings/profile', { session: signedInSession });

    await user.type(await screen.findByLabelText('Skills you add'), 'typescript, ???');
    await user.clear(screen.getByLabelText('Timezone'));
    await user.type(screen.getByLabelText('Timezone'), 'Mars/Base');
    await user.type(screen.getByLabelText('Hours a week'), '0');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(screen.getByText('"???" is not a skill: use a topic name such as "typescript".')).toBeTruthy();
    expect(screen.getByText('"Mars/Base" is not a timezone: use a name such as Europe/Berlin.')).toBeTruthy();
    expect(screen.getByText('Hours a week must be a whole number from 1 to 80.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Skills you add'));
    expect(screen.getByLabelText('Timezone').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it('shows the server’s refusal in the form', async () => {
    mockApi({
      ...signedInHandlers,
      'GET /api/account/profile': () => ({ body: profile({ timezone: 'UTC' }) }),
      'POST /api/account/profile': () => ({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: 'A profile has up to 20 skills.' } },
      }),
    });
    const { user } = renderApp('/settings/profile', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A profile has up to 20 skills.');
  });
});

describe('a profile page', () => {
  const seen: UserProfile = {
    login: 'bob',
    name: 'Bob',
    avatarUrl: null,
    restricted: false,
    own: false,
    languages: ['TypeScript'],
    topics: [],
    skills: ['typescript'],
    timezone: 'Europe/Berlin',
    utcOffsetMinutes: 60,
    hoursPerWeek: 10,
    learning: null,
    lookingForGroup: true,
    pitch: 'I write tests.',
    groups: [{ groupProjectId: 3, title: 'Chess engine' }],
  };

  it('shows what the owner shares: looking for a group, skills, timezone, groups', async () => {
    mockApi({ ...signedInHandlers, 'GET /api/users/bob': () => ({ body: seen }) });
    renderApp('/users/bob', { session: signedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob' })).toBeTruthy();
    expect(screen.getByText('I write tests.')).toBeTruthy();
    expect(screen.getByText('Europe/Berlin (UTC+1)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chess engine' }).getAttribute('href')).toBe('/group-projects/3');
  });

  it('says so when the owner keeps it for the groups they ask to join', async () => {
    mockApi({
      ...signedInHandlers,
      'GET /api/users/bob': () => ({
        body: { login: 'bob', name: 'Bob', avatarUrl: null, restricted: true, own: false },
      }),
    });
    renderApp('/users/bob', { session: signedInSession });
    expect(
      await screen.findByText('bob shows their profile only to the owners of groups they ask to join.'),
    ).toBeTruthy();
  });

  it('shows the not-found page for an unknown login', async () => {
    mockApi({ ...signedInHandlers });
    renderApp('/users/nobody', { session: signedInSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
