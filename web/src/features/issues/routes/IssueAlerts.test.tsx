// Alerts for new issues on the web: the finder's "Tell me about new issues like these", and the list in the settings.
import type { IssueAlert } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import {
  filterOptionHandlers,
  makeFinderIssue,
  myClaims,
  page,
  signedInHandlers,
  signedInSession,
} from '../test-fixtures';

afterEach(() => vi.restoreAllMocks());

const alert = (overrides: Partial<IssueAlert> = {}): IssueAlert => ({
  id: 1,
  name: 'TypeScript, good first issue',
  filters: { languages: ['TypeScript'], label: 'good first issue', notTaken: true },
  finderQuery: '?languages=TypeScript&label=good%20first%20issue',
  createdAt: '2026-11-01T10:00:00.000Z',
  notifiedAt: null,
  ...overrides,
});

const finderHandlers = {
  ...filterOptionHandlers,
  ...signedInHandlers,
  'POST /api/issues': () => ({ body: page([makeFinderIssue()]) }),
  'GET /api/issues/claims': () => ({ body: myClaims([]) }),
};

describe('"Tell me about new issues like these"', () => {
  it("saves the finder's current filters as an alert and says so", async () => {
    const { calls } = mockApi({
      ...finderHandlers,
      'POST /api/account/alerts': () => ({ status: 201, body: alert() }),
    });
    const { user } = renderApp('/issues?languages=TypeScript&label=good%20first%20issue&answers=week', {
      session: signedInSession,
    });

    await user.click(await screen.findByRole('button', { name: 'Tell me about new issues like these' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/account/alerts').map((c) => c.body)).toEqual([
        {
          filters: {
            notTaken: true,
            languages: ['TypeScript'],
            label: 'good first issue',
            answersWithinWeek: true,
          },
        },
      ]),
    );
    expect(
      await screen.findByText(
        "Saved: we will tell you about new issues like 'TypeScript, good first issue'.",
      ),
    ).toBeTruthy();
  });

  it("shows the server's refusal at the limit", async () => {
    mockApi({
      ...finderHandlers,
      'POST /api/account/alerts': () => ({
        status: 409,
        body: {
          error: { code: 'ALERT_LIMIT', message: 'You already keep 10 alerts, the most one person may.' },
        },
      }),
    });
    const { user } = renderApp('/issues', { session: signedInSession });
    await user.click(await screen.findByRole('button', { name: 'Tell me about new issues like these' }));
    expect(await screen.findByText('You already keep 10 alerts, the most one person may.')).toBeTruthy();
  });

  it('is not offered to an anonymous visitor', async () => {
    mockApi({ ...filterOptionHandlers, 'POST /api/issues': () => ({ body: page([makeFinderIssue()]) }) });
    renderApp('/issues');
    await screen.findByRole('list', { name: 'Issues' });
    expect(screen.queryByRole('button', { name: 'Tell me about new issues like these' })).toBeNull();
  });
});

describe('the alerts in the notification settings', () => {
  it('lists the alerts, each opening its finder, and removes one', async () => {
    let alerts = [alert(), alert({ id: 2, name: 'rust', finderQuery: '?topics=rust' })];
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({
        body: {
          available: false,
          email: null,
          confirmed: false,
          digest: 'daily',
          confirmationNextAt: null,
          confirmationPending: false,
        },
      }),
      'GET /api/account/alerts': () => ({ body: { data: alerts, limit: 10 } }),
      'DELETE /api/account/alerts/2': (call: RecordedCall) => {
        void call;
        alerts = alerts.filter((a) => a.id !== 2);
        return { status: 204 };
      },
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });

    const list = await screen.findByRole('list', { name: 'Your alerts' });
    expect(screen.getByText(/^2 of 10/)).toBeTruthy();
    expect(
      within(list).getByRole('link', { name: 'TypeScript, good first issue' }).getAttribute('href'),
    ).toBe('/issues?languages=TypeScript&label=good%20first%20issue');

    await user.click(within(list).getByRole('button', { name: 'Remove the alert rust' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'rust' })).toBeNull());
    expect(await screen.findByText("Removed the alert 'rust'.")).toBeTruthy();
  });

  it('says how to make one when there are none', async () => {
    mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({
        body: {
          available: false,
          email: null,
          confirmed: false,
          digest: 'daily',
          confirmationNextAt: null,
          confirmationPending: false,
        },
      }),
      'GET /api/account/alerts': () => ({ body: { data: [], limit: 10 } }),
    });
    renderApp('/settings/email', { session: signedInSession });
    expect(await screen.findByText(/None yet\. In/)).toBeTruthy();
  });
});
