import type { MailSettings } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { call, postGroup } from './support/groups.js';
import { linkIn, startSmtpServer, type SmtpServer } from './support/smtp.js';
import { createSignedInUser } from './support/users.js';

type User = Awaited<ReturnType<typeof createSignedInUser>>;

let smtp: SmtpServer;
let t: TestApp;
let users = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'OpenLFG <notify@openlfg.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const fresh = (name: string) => createSignedInUser(t.database.db, `mail-${name}-${++users}`);
const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

async function settings(user: User): Promise<MailSettings> {
  const res = await call(t.app, 'GET', '/api/account/mail-settings', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as MailSettings;
}

/** Gives `user` a confirmed address, through the confirmation mail's link as they would. */
async function subscribe(user: User, digest: 'instant' | 'daily' = 'instant') {
  const seen = smtp.mails.length;
  const email = `${user.login}@example.org`;
  ok(await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, { email, digest }));
  const mail = await smtp.next(seen);
  expect(recipient(mail)).toBe(email);
  const token = new URL(linkIn(mail, `${TEST_PUBLIC_URL}/settings/email/confirm?`)).searchParams.get('token');
  ok(await call(t.app, 'POST', '/api/mail/confirm', null, { token }));
  return email;
}

const recipient = (mail: { to?: unknown }) =>
  mail.to && typeof mail.to === 'object' && 'text' in mail.to ? String(mail.to.text) : '';

/** One digest round: the digests it sent to `email` (other tests' users may get theirs too). */
async function roundFor(email: string) {
  const seen = smtp.mails.length;
  const { failed } = await t.app.sendDueDigests();
  // Mail is taken before sendMail answers: every digest of the round is in by now.
  return { failed, mails: smtp.mails.slice(seen).filter((mail) => recipient(mail) === email) };
}

/** Someone asks to join `owner`'s new private group: one notification for the owner. */
async function requestToJoin(owner: User, title: string) {
  const groupId = await postGroup(t.app, owner.cookie, { visibility: 'private', title });
  const asker = await fresh('asker');
  ok(await call(t.app, 'POST', '/api/group-projects/request', asker.cookie, { groupProjectId: groupId }));
  return { groupId, asker };
}

describe('notification email', () => {
  it('sends nothing to an address until its owner confirms it from the mail', async () => {
    const owner = await fresh('owner');
    const seen = smtp.mails.length;
    ok(
      await call(t.app, 'POST', '/api/account/mail-settings', owner.cookie, {
        email: `${owner.login}@example.org`,
        digest: 'instant',
      }),
    );
    const confirmation = await smtp.next(seen);
    expect(confirmation.subject).toBe('Confirm your email for OpenLFG notifications');
    expect(await settings(owner)).toEqual({
      available: true,
      email: `${owner.login}@example.org`,
      confirmed: false,
      digest: 'instant',
    });
    await requestToJoin(owner, 'Unconfirmed');
    expect((await roundFor(`${owner.login}@example.org`)).mails).toEqual([]);

    const link = linkIn(confirmation, `${TEST_PUBLIC_URL}/settings/email/confirm?`);
    const token = new URL(link).searchParams.get('token');
    const confirmed = await call(t.app, 'POST', '/api/mail/confirm', null, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await settings(owner)).confirmed).toBe(true);
    // A forged or altered link confirms nothing.
    const forged = await call(t.app, 'POST', '/api/mail/confirm', null, { token: `${token}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/not valid/);
  });

  it('mails a digest of what happened at the next round, with its links and a one-click unsubscribe', async () => {
    const owner = await fresh('owner');
    const email = await subscribe(owner);
    const { groupId, asker } = await requestToJoin(owner, 'Rust CLI');

    const [digest, ...others] = (await roundFor(email)).mails;
    expect(others).toEqual([]);
    if (!digest) throw new Error('no digest');
    expect(digest.subject).toBe(`${asker.login} asked to join Rust CLI`);
    expect(digest.text).toContain(`${TEST_PUBLIC_URL}/group-projects/${groupId}`);
    const headerLine = (name: string) =>
      digest.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? '';
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Nothing new: the next round sends nothing.
    expect((await roundFor(email)).mails).toEqual([]);

    // The mail client's Unsubscribe button: a form post, no cookie, no Origin.
    const header = headerLine('list-unsubscribe');
    const unsubscribeUrl = new URL(header.replace(/^<|>$/g, ''));
    const res = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl.pathname + unsubscribeUrl.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, digest: 'off', confirmed: true });
    await requestToJoin(owner, 'After unsubscribing');
    expect((await roundFor(email)).mails).toEqual([]);
  });

  it('leaves out what the user already read in the app, and sends a daily digest once a day', async () => {
    const owner = await fresh('owner');
    const email = await subscribe(owner, 'daily');
    await requestToJoin(owner, 'Read in the app');
    ok(await call(t.app, 'POST', '/api/notifications/read-all', owner.cookie));
    expect((await roundFor(email)).mails).toEqual([]);

    await requestToJoin(owner, 'First today');
    expect((await roundFor(email)).mails.map((mail) => mail.text)).toEqual([
      expect.stringContaining('First today'),
    ]);
    await requestToJoin(owner, 'Second today');
    expect((await roundFor(email)).mails).toEqual([]);
    // A day later, the second one goes out.
    await sql`update mail_settings set last_digest_at = last_digest_at - interval '1 day' where user_id = ${owner.id}`.execute(
      t.database.db,
    );
    const later = (await roundFor(email)).mails.map((mail) => mail.text);
    expect(later).toEqual([expect.stringContaining('Second today')]);
    expect(later[0]).not.toContain('First today');
  });

  it('tries again at a later round when the mail server refuses, losing nothing', async () => {
    const owner = await fresh('owner');
    const email = await subscribe(owner);
    await requestToJoin(owner, 'While the mail server was down');
    smtp.state.failing = true;
    try {
      const refused = await roundFor(email);
      expect(refused.failed).toBeGreaterThan(0);
      expect(refused.mails).toEqual([]);
    } finally {
      smtp.state.failing = false;
    }
    const again = (await roundFor(email)).mails.map((mail) => mail.text);
    expect(again).toEqual([expect.stringContaining('While the mail server was down')]);
  });

  it('refuses a bad address with a 400 naming the field, and forgets the address on null', async () => {
    const user = await fresh('user');
    const bad = await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, {
      email: 'not an address',
      digest: 'daily',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('body.email');
    await subscribe(user);
    ok(await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, { email: null, digest: 'off' }));
    expect(await settings(user)).toMatchObject({ email: null, confirmed: false });
  });
});

describe('without a mail server', () => {
  it('says so in the settings and refuses an address with a clear 409', async () => {
    const plain = await createTestApp();
    try {
      const user = await createSignedInUser(plain.database.db, 'mail-none');
      const res = await call(plain.app, 'GET', '/api/account/mail-settings', user.cookie);
      expect(res.json()).toMatchObject({ available: false, email: null });
      const refused = await call(plain.app, 'POST', '/api/account/mail-settings', user.cookie, {
        email: 'a@example.org',
        digest: 'daily',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/Email is not set up on this site/);
    } finally {
      await plain.close();
    }
  });
});
