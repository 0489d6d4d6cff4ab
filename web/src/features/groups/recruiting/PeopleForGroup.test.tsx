import type { PeopleForGroupResponse, PersonMatch } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { preloadBoardViews } from '../../../test/preload-views';
import { renderApp } from '../../../test/render-app';
import {
  apiError,
  callsTo,
  makeGroup,
  makeViewer,
  ownerPageHandlers,
  signedInSession,
} from '../test-fixtures';

beforeAll(preloadBoardViews);

const group = makeGroup({
  groupProjectId: 5,
  title: 'TS in Europe',
  owner: { login: 'ada', avatarUrl: null },
});
const owner = makeViewer('owner', { edit: true, delete: true, invite: true });

const bob: PersonMatch = {
  login: 'bob',
  name: 'Bob',
  avatarUrl: null,
  pitch: 'I write tests.',
  utcOffsetMinutes: 60,
  hoursPerWeek: 10,
  invited: false,
  match: {
    score: 23,
    overlapMinutes: 540,
    reasons: ['uses TypeScript, which your group needs', 'your window overlaps 9 h with their day'],
  },
};

describe('people for your group', () => {
  it('lists people looking for a group with why, and invites one', async () => {
    let answer: PeopleForGroupResponse = { data: [bob], invitationsLeftToday: 20 };
    const { calls } = mockApi(
      ownerPageHandlers(group, owner, {
        'GET /api/group-projects/people': () => ({ body: answer }),
        'POST /api/group-projects/people/invite': () => {
          answer = { data: [{ ...bob, invited: true }], invitationsLeftToday: 19 };
          return { body: { login: 'bob', invited: true, invitationsLeftToday: 19 } };
        },
      }),
    );
    const { user } = renderApp('/group-projects/5', { session: signedInSession });

    const region = await screen.findByRole('region', { name: 'People for your group' });
    const row = await within(region).findByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/users/bob');
    expect(
      within(row).getByText(
        'uses TypeScript, which your group needs; your window overlaps 9 h with their day',
      ),
    ).toBeTruthy();
    expect(within(row).getByText('UTC+1 · 10 h a week')).toBeTruthy();
    expect(within(region).getByText(/You can invite 20 more today/)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Invite bob' }));
    expect(await screen.findByText('Invitation sent to bob.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/group-projects/people/invite')[0]?.body).toEqual({
      groupProjectId: 5,
      login: 'bob',
    });
    await waitFor(() => expect(within(region).getByText('Invited')).toBeTruthy());
    expect(within(region).getByText(/You can invite 19 more today/)).toBeTruthy();
  });

  it('says so when the day’s invitations are used up', async () => {
    mockApi(
      ownerPageHandlers(group, owner, {
        'GET /api/group-projects/people': () => ({ body: { data: [bob], invitationsLeftToday: 1 } }),
        'POST /api/group-projects/people/invite': () =>
          apiError(429, 'RATE_LIMITED', 'You can invite 20 people a day. Try again in 3 hours.'),
      }),
    );
    const { user } = renderApp('/group-projects/5', { session: signedInSession });
    const region = await screen.findByRole('region', { name: 'People for your group' });
    await user.click(await within(region).findByRole('button', { name: 'Invite bob' }));
    expect(await screen.findByText('You can invite 20 people a day. Try again in 3 hours.')).toBeTruthy();
  });
});
