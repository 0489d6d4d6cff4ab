// Groups for you: the sort box offers it to signed-in users, each card says why, and every card shows the
// overlap of its timezone window with the viewer's day.
import type { GroupListRequest, OwnProfile } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  groupList,
  groupListRequests,
  groupsHandler,
  makeGroup,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { card } from './group-list-test-support';

const needs = { skills: ['typescript', 'go'], timezoneFrom: 0, timezoneTo: 180, hoursPerWeek: 5 };
const plain = makeGroup({ groupProjectId: 1, title: 'TS in Europe', needs });
const matched = {
  ...plain,
  match: {
    score: 24.5,
    overlapMinutes: 540,
    reasons: ['needs TypeScript, which you use', 'overlaps 9 h with your day', 'active today'],
  },
};

const bobsProfile: OwnProfile = {
  login: 'bob',
  name: 'Bob',
  avatarUrl: null,
  languages: [],
  topics: [],
  skills: ['typescript'],
  timezone: 'Etc/GMT+5',
  utcOffsetMinutes: -300,
  hoursPerWeek: 10,
  learning: null,
  lookingForGroup: true,
  pitch: null,
  visibleTo: 'signed-in',
  showClaims: false,
  showMentoring: false,
};

describe('groups for you', () => {
  it('is offered to signed-in users, asks for the match, and each card says why', async () => {
    const { calls } = mockApi({
      ...signedInAs(),
      'GET /api/account/profile': () => ({ body: bobsProfile }),
      ...groupsHandler((request: GroupListRequest) =>
        groupList([request.sortField === 'match' ? matched : plain]),
      ),
    });
    const { user, currentUrl } = renderApp('/group-projects', { session: signedInSession });
    await card('TS in Europe');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Groups for you');
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?sort=match-desc'));
    await waitFor(() =>
      expect(groupListRequests(calls).at(-1)).toEqual({ sortField: 'match', order: 'DESC', page: 1 }),
    );
    const first = await card('TS in Europe');
    expect(
      await within(first).findByText(
        'needs TypeScript, which you use; overlaps 9 h with your day; active today',
      ),
    ).toBeTruthy();
    // What the group needs, and its window against the viewer's day (UTC-5: five hours from the window).
    expect(within(first).getByText('TypeScript, Go')).toBeTruthy();
    expect(within(first).getByText('5 h a week')).toBeTruthy();
    expect(within(first).getByText(/Overlaps 4 h with your day/)).toBeTruthy();
  });

  it('is not offered signed out, and a link to it shows the default list', async () => {
    const { calls } = mockApi(groupsHandler(() => groupList([plain])));
    renderApp('/group-projects?sort=match-desc');
    const first = await card('TS in Europe');
    expect(screen.queryByRole('option', { name: 'Groups for you' })).toBeNull();
    expect(groupListRequests(calls)[0]).toEqual({ sortField: 'date_posted', order: 'DESC', page: 1 });
    // No timezone, no overlap: the window alone.
    expect(within(first).getByText('UTC to UTC+3')).toBeTruthy();
    expect(within(first).queryByText(/with your day/)).toBeNull();
  });
});
