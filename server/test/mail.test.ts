import type { MailSettings, SavedMailSettings } from '@openlfg/contracts';
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

/** Saves `email` as the user's address: the answer (200 expected). */
async function save(user: User, email: string, digest: 'instant' | 'daily' | 'off' = 'daily') {
  const res = await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, { email, digest });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedMailSettings;
}

/** The mails the SMTP server took for `email`. */
const mailsTo = (email: string) => smtp.mails.filter((mail) => recipient(mail) === email.toLowerCase());

/** Moves the user's and the address's confirmation mails `interval` into the past, as if that much time went by. */
async function age(interval: string) {
  await sql`update mail_confirmations set sent_at = sent_at - ${interval}::interval`.execute(t.database.db);
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
      confirmationNextAt: expect.any(String),
      confirmationPending: false,
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

describe('the address', () => {
  it('refuses a NUL or other control character with a 400 naming the field, not a 500', async () => {
    const user = await fresh('nul');
    for (const email of ['ada\u0000lovelace@example.org', 'ada\u0007@example.org']) {
      const res = await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, {
        email,
        digest: 'daily',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain('body.email');
    }
    expect((await settings(user)).email).toBeNull();
  });

  it('refuses up front an address mail servers refuse, saving and mailing nothing', async () => {
    const user = await fresh('form');
    const seen = smtp.mails.length;
    for (const email of [
      `${user.login}..x@example.org`,
      `${user.login}@example..org`,
      `${user.login}@exa_mple.org`,
      `.${user.login}@example.org`,
      `${user.login}@localhost`,
      `${'x'.repeat(65)}@example.org`,
    ]) {
      const res = await call(t.app, 'POST', '/api/account/mail-settings', user.cookie, {
        email,
        digest: 'daily',
      });
      expect(res.statusCode, `${email}: ${res.body}`).toBe(400);
      expect(res.json().error.message).toMatch(/^body\.email is not an address mail can be delivered to: /);
    }
    expect(await settings(user)).toMatchObject({ email: null });
    expect(smtp.mails.length).toBe(seen);
    // The same form, well made, is taken.
    expect((await save(user, `${user.login}.x@example.org`)).confirmationMail).toBe('sent');
  });

  it('saves when the mail server refuses the confirmation mail, and a later round sends it', async () => {
    const user = await fresh('refused');
    const email = `${user.login}@example.org`;
    smtp.state.failing = true;
    let saved: SavedMailSettings;
    try {
      saved = await save(user, email);
    } finally {
      smtp.state.failing = false;
    }
    expect(saved).toMatchObject({
      email,
      confirmed: false,
      confirmationMail: 'pending',
      confirmationPending: true,
    });
    expect(await settings(user)).toMatchObject({ email, confirmationPending: true });
    expect(mailsTo(email)).toEqual([]);

    // The try counts against the limits: no round mails the address again within them...
    expect((await roundFor(email)).mails).toEqual([]);
    // ...and the first round after them does, once.
    await age('10 minutes');
    const retried = await roundFor(email);
    expect(retried.mails.map((mail) => mail.subject)).toEqual([
      'Confirm your email for OpenLFG notifications',
    ]);
    expect(await settings(user)).toMatchObject({ email, confirmed: false, confirmationPending: false });
    expect((await roundFor(email)).mails).toEqual([]);
  });
});

describe('confirmation mail on demand', () => {
  it('sends one confirmation mail for 15 saves at once, saving each and saying when the next may go', async () => {
    const user = await fresh('burst');
    const email = `${user.login}@example.org`;
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => save(user, email, i % 2 === 0 ? 'daily' : 'instant')),
    );
    expect(mailsTo(email)).toHaveLength(1);
    expect(answers.filter((answer) => answer.confirmationMail === 'sent')).toHaveLength(1);
    expect(answers.filter((answer) => answer.confirmationMail === 'later')).toHaveLength(14);
    const nextAt = answers.map((answer) => answer.confirmationNextAt);
    expect(new Set(nextAt).size).toBe(1);
    const minutes = (Date.parse(nextAt[0] ?? '') - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await settings(user)).confirmationNextAt).toBe(nextAt[0]);

    // Ten minutes on, saving again sends the link again.
    await age('10 minutes');
    expect((await save(user, email)).confirmationMail).toBe('sent');
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('holds an address to one mail per 10 minutes whoever asks, whatever its case', async () => {
    const victim = `victim-${++users}@example.org`;
    const first = await fresh('first');
    const second = await fresh('second');
    expect((await save(first, victim)).confirmationMail).toBe('sent');
    const other = await save(second, victim.toUpperCase());
    expect(other).toMatchObject({ email: victim.toUpperCase(), confirmed: false, confirmationMail: 'later' });
    expect(other.confirmationNextAt).not.toBeNull();
    expect(mailsTo(victim)).toHaveLength(1);
  });

  it('holds the limits across nodes: saves spread over two nodes at once send one mail', async () => {
    const other = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'OpenLFG <notify@openlfg.test>' },
      database: t.database,
    });
    try {
      const victim = `nodes-${++users}@example.org`;
      const askers = await Promise.all([fresh('node-a'), fresh('node-b'), fresh('node-c')]);
      const answers = await Promise.all(
        askers.flatMap((asker) =>
          [t.app, other.app, t.app, other.app].map(async (app) => {
            const res = await call(app, 'POST', '/api/account/mail-settings', asker.cookie, {
              email: victim,
              digest: 'daily',
            });
            expect(res.statusCode, res.body).toBe(200);
            return (res.json() as SavedMailSettings).confirmationMail;
          }),
        ),
      );
      expect(answers.filter((answer) => answer === 'sent')).toHaveLength(1);
      expect(mailsTo(victim)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('sends one user at most five confirmation mails a day', async () => {
    const user = await fresh('daily');
    const addresses = Array.from({ length: 6 }, (_, i) => `${user.login}-${i}@example.org`);
    const answers: SavedMailSettings[] = [];
    for (const email of addresses) answers.push(await save(user, email));
    expect(answers.map((answer) => answer.confirmationMail)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
      'later',
    ]);
    expect(addresses.map((email) => mailsTo(email).length)).toEqual([1, 1, 1, 1, 1, 0]);
    const hours = (Date.parse(answers[5]?.confirmationNextAt ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    // The setting is saved all the same.
    expect(await settings(user)).toMatchObject({ email: addresses[5], confirmed: false });

    await age('1 day');
    expect((await save(user, addresses[5] ?? '')).confirmationMail).toBe('sent');
  });

  it('holds the daily limit for saves of many addresses at once', async () => {
    const user = await fresh('daily-burst');
    const addresses = Array.from({ length: 8 }, (_, i) => `${user.login}-${i}@example.org`);
    const answers = await Promise.all(addresses.map((email) => save(user, email)));
    expect(answers.filter((answer) => answer.confirmationMail === 'sent')).toHaveLength(5);
    expect(addresses.flatMap((email) => mailsTo(email))).toHaveLength(5);
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
