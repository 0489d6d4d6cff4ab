// The moderation page's Reports tab: the queue of reported groups and each decision on them.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { mockApi } from '../../../test/api-mock';
import { apiError, callsTo, makeReportedGroup, paged } from '../test-fixtures';
import { openAsModerator, setUpModerationPageTests } from './moderation-page-test-support';

setUpModerationPageTests();

describe('reports', () => {
  const spam = makeReportedGroup({
    groupId: 4,
    title: 'Spam club',
    reports: [
      { reporter: 'bob', reason: 'Advertising.', at: new Date().toISOString() },
      { reporter: 'cy', reason: 'Links to a shop.', at: new Date().toISOString() },
    ],
  });
  const quiet = makeReportedGroup({ groupId: 5, title: 'Quiet club' });

  function reportsApi(extra: Parameters<typeof mockApi>[0] = {}) {
    let open = [spam, quiet];
    const acted = (groupId: number, outcome: string) => () => {
      open = open.filter((group) => group.groupId !== groupId);
      return { body: { groupId, outcome, reportsClosed: 1 } };
    };
    return openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => ({ body: paged(open) }),
      'POST /api/admin/reports/4/hide': acted(4, 'hidden'),
      'POST /api/admin/reports/4/delete': acted(4, 'deleted'),
      'POST /api/admin/reports/5/dismiss': acted(5, 'dismissed'),
      ...extra,
    });
  }

  it('lists the reported groups with their reasons and reporters', async () => {
    reportsApi();
    const reports = await screen.findByRole('list', { name: 'Reports on Spam club' });
    expect(within(reports).getByText('bob')).toBeTruthy();
    expect(within(reports).getByText('Links to a shop.')).toBeTruthy();
    expect(screen.getByText('2 open reports')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spam club' }).getAttribute('href')).toBe('/group-projects/4');
  });

  it('hides a group with a reason; it leaves the list', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Hide group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Spam club' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Advertising.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));

    expect(await screen.findByText('Spam club is hidden.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/hide')[0]?.body).toEqual({ reason: 'Advertising.' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reports on Spam club' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Reports on Quiet club' })).toBeTruthy();
  });

  it('dismisses the reports on a group in one click', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the reports on Quiet club' }));
    expect(await screen.findByText('The reports on Quiet club are dismissed.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/5/dismiss')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Reports on Quiet club' })).toBeNull());
  });

  it('deletes a group only after confirming', async () => {
    const { calls, user } = reportsApi();
    await user.click(await screen.findByRole('button', { name: 'Delete group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Spam club' });
    expect(within(dialog).getByText(/for good/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete group Spam club' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Spam club' })).getByRole('button', {
        name: 'Delete group',
      }),
    );
    expect(await screen.findByText('Spam club is deleted.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/reports/4/delete')[0]?.body).toEqual({});
  });

  it('keeps the dialog open with the server’s message when hiding fails', async () => {
    const { user } = reportsApi({
      'POST /api/admin/reports/4/hide': () => apiError(409, 'CONFLICT', 'This group is already hidden.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Hide group Spam club' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Spam club' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide group' }));
    expect(await within(dialog).findByText('This group is already hidden.')).toBeTruthy();
  });

  it('offers only Dismiss for a group that is gone, and no Hide for a hidden one', async () => {
    openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => ({
        body: paged([
          makeReportedGroup({ groupId: 6, title: 'Gone club', exists: false }),
          makeReportedGroup({ groupId: 7, title: 'Hidden club', hidden: true }),
        ]),
      }),
    });
    expect(await screen.findByRole('button', { name: 'Dismiss the reports on Gone club' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete group Gone club' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide group Hidden club' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete group Hidden club' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Hidden club' })).toBeNull();
  });

  it('shows when there are no reports', async () => {
    openAsModerator('/admin?tab=reports', { 'GET /api/admin/reports': () => ({ body: paged([]) }) });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });

  it('shows a failed load of the reports', async () => {
    openAsModerator('/admin?tab=reports', {
      'GET /api/admin/reports': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The reports could not be loaded.')).toBeTruthy();
  });
});
