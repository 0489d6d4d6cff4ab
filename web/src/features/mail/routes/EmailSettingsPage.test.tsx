import type { MailSettings, SavedMailSettings } from '@openlfg/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { signedInHandlers, signedInSession } from '../../issues/test-fixtures';

const settings = (overrides: Partial<MailSettings> = {}): MailSettings => ({
  available: true,
  email: null,
  confirmed: false,
  digest: 'daily',
  confirmationNextAt: null,
  confirmationPending: false,
  ...overrides,
});

/** Today at 2:32 PM in the browser's time zone: the page shows such a time without its date. */
const todayAt232 = () => {
  const at = new Date();
  at.setHours(14, 32, 0, 0);
  return at.toISOString();
};

describe('the email settings page', () => {
  it('saves an address and a frequency, and says a confirmation link is on its way', async () => {
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({ body: settings() }),
      'POST /api/account/mail-settings': (call: RecordedCall): { body: SavedMailSettings } => ({
        body: {
          ...settings({ ...(call.body as Partial<MailSettings>), confirmed: false }),
          confirmationMail: 'sent',
        },
      }),
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });

    await user.type(await screen.findByLabelText('Email address'), 'ada@example.org');
    await user.click(screen.getByRole('radio', { name: /^At once/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { email: 'ada@example.org', digest: 'instant' },
      ]),
    );
    expect(
      await screen.findByText(
        'Not confirmed yet: open the link we sent to ada@example.org, or save again to resend it.',
      ),
    ).toBeTruthy();
  });

  it('says when another confirmation mail can be sent, after a save the limits held back and on return', async () => {
    const nextAt = todayAt232();
    mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({
        body: settings({ email: 'ada@example.org', confirmationNextAt: nextAt }),
      }),
      'POST /api/account/mail-settings': (): { body: SavedMailSettings } => ({
        body: {
          ...settings({ email: 'ada@example.org', confirmationNextAt: nextAt }),
          confirmationMail: 'later',
        },
      }),
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });
    const hint =
      'Not confirmed yet: open the link we sent to ada@example.org. A confirmation mail can be sent again at 2:32 PM.';
    expect(await screen.findByText(hint)).toBeTruthy();
    // No promise to resend on save while the limit holds.
    expect(screen.queryByText(/save again to resend/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved. The next confirmation mail to ada@example.org can go at 2:32 PM.'),
    ).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('says the settings are saved when the mail server did not take the confirmation mail', async () => {
    const nextAt = new Date(Date.now() + 24 * 60 * 60_000).toISOString();
    mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({ body: settings() }),
      'POST /api/account/mail-settings': (): { body: SavedMailSettings } => ({
        body: {
          ...settings({ email: 'ada@example.org', confirmationNextAt: nextAt, confirmationPending: true }),
          confirmationMail: 'pending',
        },
      }),
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Another day: the date is shown with the time.
    const when = /at [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M\.$/;
    expect(
      (
        await screen.findByText(
          /^Saved\. The mail server did not take the confirmation mail for ada@example\.org; we try again/,
        )
      ).textContent,
    ).toMatch(when);
    expect(
      screen.getByText(
        /^Not confirmed yet: the mail server did not take the confirmation mail for ada@example\.org\. We try again/,
      ).textContent,
    ).toMatch(when);
    expect(screen.queryByText(/could not be saved/)).toBeNull();
  });

  it('points out a mistyped address before sending anything', async () => {
    const { calls } = mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({ body: settings() }),
      // The page's other panel, the alerts for new issues, loaded too: its own states are tested apart.
      'GET /api/account/alerts': () => ({ body: { data: [], limit: 10 } }),
    });
    const { user } = renderApp('/settings/email', { session: signedInSession });
    const input = await screen.findByLabelText('Email address');
    await user.type(input, 'ada at example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Enter an email address');
    expect(document.activeElement).toBe(input);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when the site has no mail server', async () => {
    mockApi({
      ...signedInHandlers,
      'GET /api/account/mail-settings': () => ({ body: settings({ available: false }) }),
    });
    renderApp('/settings/email', { session: signedInSession });
    expect(await screen.findByText(/This site has no mail server set up/)).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it('confirms from the mail link as it opens, signed out too', async () => {
    const { calls } = mockApi({
      'POST /api/mail/confirm': () => ({
        body: { email: 'ada@example.org', digest: 'daily', confirmed: true },
      }),
    });
    renderApp('/settings/email/confirm?token=abc');
    expect(
      await screen.findByText(/Confirmed: notifications will be mailed to ada@example.org/),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { token: 'abc' },
    ]);
  });

  it('unsubscribes only when asked, since mail scanners open links too', async () => {
    const { calls } = mockApi({
      'POST /api/mail/unsubscribe': () => ({
        body: { email: 'ada@example.org', digest: 'off', confirmed: true },
      }),
    });
    const { user } = renderApp('/settings/email/unsubscribe?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/Unsubscribed: no more mail to ada@example.org/)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/mail/unsubscribe?token=abc',
    ]);
  });
});
