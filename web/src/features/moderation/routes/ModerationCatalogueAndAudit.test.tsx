// The moderation page's Catalogue tab (the last sync run, budgets, problem repositories) and its audit log.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, makeAuditEntry, makeHealth, paged } from '../test-fixtures';
import { openAsModerator, setUpModerationPageTests } from './moderation-page-test-support';

setUpModerationPageTests();

describe('catalogue health', () => {
  it('shows the last run, its failures, the budgets left and the problem repositories', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth() }),
    });
    const run = within(await screen.findByLabelText('Last sync run'));
    expect(run.getByText('completed')).toBeTruthy();
    expect(run.getByText('118 of 120')).toBeTruthy();
    const budgets = within(screen.getByLabelText('API budgets left'));
    expect(budgets.getByText(/^4.3k, resets at \d{1,2}:\d{2} [AP]M$/)).toBeTruthy();
    expect(budgets.getByText('Unknown')).toBeTruthy();
    expect(budgets.getByText('99')).toBeTruthy();
    const failures = within(screen.getByRole('list', { name: 'Failures in the last run' }));
    expect(failures.getByText('GitHub has no such repository', { exact: false })).toBeTruthy();
    const problems = within(screen.getByRole('list', { name: 'Archived or unreachable repositories' }));
    expect(problems.getByText('Archived')).toBeTruthy();
    expect(problems.getByText(/Unreachable since/)).toBeTruthy();
  });

  it('removes an archived repository in one click', async () => {
    let health = makeHealth();
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: health }),
      'DELETE /api/admin/projects/31': () => {
        health = makeHealth({ problems: paged(health.problems.data.filter((project) => project.id !== 31)) });
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove old/archived' }));

    expect(await screen.findByText('old/archived is removed from the catalogue.')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/admin/projects/31')[0]?.body).toEqual({
      reason: 'Archived on GitHub.',
    });
    expect(screen.queryByRole('button', { name: 'Remove old/archived' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove gone/repo' })).toBeTruthy();
  });

  it('starts a sync, and a second press while it runs is refused politely', async () => {
    let running = false;
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth({ syncRunning: running }) }),
      'POST /api/admin/sync': () => {
        if (running) return apiError(409, 'CONFLICT', 'A catalogue sync is already running.');
        running = true;
        return { status: 202, body: { runId: 8, total: 120 } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('The catalogue sync started: 120 projects to refresh.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Sync running...' }));
    expect(await screen.findByText('A catalogue sync is already running.')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/sync')).toHaveLength(2);
  });

  it('shows Sync now disabled, saying what it needs, when the server has no GitHub token', async () => {
    const { calls, user } = openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({ body: makeHealth({ syncAvailable: false }) }),
    });
    const button = await screen.findByRole('button', { name: 'Sync now' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Syncing needs a GitHub token: set GITHUB_TOKEN on the server (a token without scopes is enough).',
    );
    await user.click(button);
    expect(callsTo(calls, 'POST', '/api/admin/sync')).toHaveLength(0);
  });

  it('says when no sync has run and nothing needs removing', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => ({
        body: makeHealth({ lastRun: null, failures: [], problems: paged([]) }),
      }),
    });
    expect(await screen.findByText('No sync has run yet.')).toBeTruthy();
    expect(screen.getByText('Every listed repository is live.')).toBeTruthy();
  });

  it('shows a failed load of the catalogue health', async () => {
    openAsModerator('/admin?tab=catalogue', {
      'GET /api/admin/catalogue': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The catalogue health could not be loaded.')).toBeTruthy();
  });
});

describe('the audit log', () => {
  it('shows who did what, on which object, when and why', async () => {
    openAsModerator('/admin?tab=audit', {
      'GET /api/admin/audit': () => ({
        body: paged([
          makeAuditEntry({
            id: 2,
            actor: 'mia',
            action: 'group.hide',
            objectType: 'group_project',
            objectId: '4',
            reason: 'Advertising.',
            details: { title: 'Spam club', reportsClosed: 2 },
          }),
          makeAuditEntry({ id: 1, actor: 'max' }),
        ]),
      }),
    });
    const entries = within(await screen.findByRole('list', { name: 'Audit log entries' }));
    const [first, second] = entries.getAllByRole('listitem');
    expect(first?.textContent).toContain('mia hid Spam club (group 4)');
    expect(first?.textContent).toContain('Reason: Advertising.');
    expect(second?.textContent).toContain('max approved the request for octo/tool (request 12)');
  });

  it('shows an empty log', async () => {
    openAsModerator('/admin?tab=audit', { 'GET /api/admin/audit': () => ({ body: paged([]) }) });
    expect(await screen.findByText('No moderation actions yet.')).toBeTruthy();
  });

  it('shows a failed load of the audit log', async () => {
    openAsModerator('/admin?tab=audit', {
      'GET /api/admin/audit': () => apiError(500, 'INTERNAL', 'Something went wrong.'),
    });
    expect(await screen.findByText('The audit log could not be loaded.')).toBeTruthy();
  });
});
