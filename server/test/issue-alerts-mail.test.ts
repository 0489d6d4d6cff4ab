// An alert for new issues in the digest mail, when the user's mail is on: the bell's sentence and the finder's link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from './support/app.js';
import { call } from './support/groups.js';
import { addIssue, addProject } from './support/issues.js';
import { linkIn, startSmtpServer, type SmtpServer } from './support/smtp.js';
import { createSignedInUser } from './support/users.js';

let smtp: SmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'OpenLFG <notify@openlfg.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const recipient = (mail: { to?: unknown }) =>
  mail.to && typeof mail.to === 'object' && 'text' in mail.to ? String(mail.to.text) : '';

describe('alerts for new issues by mail', () => {
  it('tells a new matching issue in the digest, linking to the finder with the alert filters', async () => {
    const ada = await createSignedInUser(t.database.db, 'alert-mail-ada');
    // A confirmed address, through the confirmation mail's link.
    const email = 'alert-mail-ada@example.org';
    let seen = smtp.mails.length;
    await call(t.app, 'POST', '/api/account/mail-settings', ada.cookie, { email, digest: 'instant' });
    const token = new URL(
      linkIn(await smtp.next(seen), `${TEST_PUBLIC_URL}/settings/email/confirm?`),
    ).searchParams.get('token');
    expect((await call(t.app, 'POST', '/api/mail/confirm', null, { token })).statusCode).toBe(200);

    const created = await call(t.app, 'POST', '/api/account/alerts', ada.cookie, {
      filters: { languages: ['Rust'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = await addProject(t.database.db, 'alert-mail/crab', { language: 'Rust' });
    const issueId = await addIssue(t.database.db, project, 1);
    const push = await t.database.db.transaction().execute((trx) => t.app.alertNewIssues(trx, [issueId]));
    push();

    seen = smtp.mails.length;
    await t.app.sendDueDigests();
    const mails = smtp.mails.slice(seen).filter((mail) => recipient(mail) === email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as { text?: string };
    expect(mail.text).toContain("1 new issue like 'Rust'");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/issues?languages=Rust`);
  });
});
