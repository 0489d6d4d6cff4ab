// The moderation page's Reports tab, its people: reports on users, suspending an account and lifting it.
import type { AdminReportedUser } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, paged } from '../test-fixtures';
import { openAsModerator, setUpModerationPageTests } from './moderation-page-test-support';

setUpModerationPageTests();

describe('reports on people', () => {
  const troll: AdminReportedUser = {
    login: 'troll',
    name: null,
    suspended: false,
    suspensionReason: null,
    reports: [
      { reporter: 'ada', reason: 'Insults on the board.', at: new Date().toISOString() },
      { reporter: 'bob', reason: 'Spam in every group.', at: new Date().toISOString() },
    ],
  };
  const outcome = (login: string, suspended: boolean) => () => ({
    body: { login, suspended, sessionsEnded: suspended ? 2 : 0, reportsClosed: suspended ? 2 : 0 },
  });

  function peopleApi() {
    let open = [troll];
    return openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => ({ body: paged([]) }),
      'GET /api/admin/user-reports': () => ({ body: paged(open) }),
      'POST /api/admin/users/troll/suspend': () => {
        open = [];
        return outcome('troll', true)();
      },
      'POST /api/admin/users/old-troll/lift-suspension': outcome('old-troll', false),
    });
  }

  it('lists the reported people beside the groups, with reporters and reasons', async () => {
    peopleApi();
    const reports = await screen.findByRole('list', { name: 'Reports on troll' });
    expect(within(reports).getByText('ada')).toBeTruthy();
    expect(within(reports).getByText('Spam in every group.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reports on people' })).toBeTruthy();
  });

  it('suspends an account with a reason; it leaves the list', async () => {
    const { calls, user } = peopleApi();
    await user.click(await screen.findByRole('button', { name: 'Suspend account troll' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend troll' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Harassment');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));

    expect(await screen.findByText('troll is suspended.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/users/troll/suspend')[0]?.body).toEqual({
      reason: 'Harassment',
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reports on troll' })).toBeNull());
  });

  it('lifts a suspension by login, with a reason', async () => {
    const { calls, user } = peopleApi();
    const form = await screen.findByRole('form', { name: 'Lift a suspension' });
    await user.type(within(form).getByLabelText('Lift a suspension: GitHub login'), 'old-troll');
    await user.click(within(form).getByRole('button', { name: 'Lift suspension' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift the suspension of old-troll' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Apologised.');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('old-troll can sign in again.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/users/old-troll/lift-suspension')[0]?.body).toEqual({
      reason: 'Apologised.',
    });
  });
});
