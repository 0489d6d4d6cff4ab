import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Two people in two browsers: the owner posts a private group, the other asks to join, the owner approves, the
 * new member sees the group's members, leaves, reports the group, and the owner deletes it: gone for both.
 */
const TITLE = 'E2E compiler club';

async function signedIn(browser: Browser, login: string, returnTo: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Development sign-in in one step: the server's authorize route takes a login hint.
  await page.goto(`/api/account/authorize?login=${login}&returnTo=${encodeURIComponent(returnTo)}`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  return page;
}

const card = (page: Page) => page.getByRole('article', { name: TITLE });

test('a private group from posting to deletion, with two users', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-owner', '/group-projects');
  const joiner = await signedIn(browser, 'e2e-joiner', '/group-projects');

  // The owner posts a private group from the call to action.
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  const form = owner.getByRole('dialog', { name: /post a group project/i });
  await expect(form).toBeVisible();
  await form.getByLabel('Title').fill(TITLE);
  await form.getByLabel('Description').fill('We write a tiny compiler in Rust, one pass a week.');
  const topics = form.getByRole('textbox', { name: 'Topics' });
  await topics.fill('rust');
  await topics.press('Enter');
  await form.getByLabel('Private: you approve requests').check();
  await form.getByRole('button', { name: 'Post group' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(owner).toHaveURL(/\/group-projects\/\d+$/);
  const groupUrl = owner.url();

  // The other user asks to join.
  await joiner.reload();
  await card(joiner).getByRole('button', { name: 'Request to join' }).click();
  await expect(card(joiner).getByRole('button', { name: 'Cancel request' })).toBeVisible();

  // The owner sees the request and approves it.
  await owner.reload();
  const pending = owner.getByRole('region', { name: 'Pending requests' });
  await pending.getByRole('button', { name: 'Approve e2e-joiner' }).click();
  await expect(owner.getByText('e2e-joiner is now a member.')).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Members' }).getByText('e2e-joiner')).toBeVisible();

  // The new member opens the group: its members and Discord are theirs to see now.
  await joiner.goto(groupUrl);
  await expect(joiner.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(joiner.getByRole('list', { name: 'Members' }).getByText('e2e-owner')).toBeVisible();

  // They leave; the private group closes to them again.
  await joiner.getByRole('button', { name: /^Leave/ }).click();
  await expect(joiner.getByRole('button', { name: /^Request to join/ })).toBeVisible();
  await expect(joiner.getByRole('list', { name: 'Members' })).toBeHidden();

  // They report the group.
  await joiner.getByRole('button', { name: 'Report' }).click();
  const report = joiner.getByRole('dialog', { name: `Report ${TITLE}` });
  await report.getByLabel('Reason').fill('Testing the report flow.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(joiner.getByText('Thanks, a moderator will look at it.')).toBeVisible();

  // The owner deletes the group; it disappears for both.
  await owner.reload();
  await owner.getByRole('button', { name: 'Delete group' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Delete group' });
  await expect(confirm).toContainText(`Delete ${TITLE}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(owner).toHaveURL(/\/group-projects$/);
  await expect(owner.getByText('Group deleted.')).toBeVisible();
  await expect(card(owner)).toHaveCount(0);

  await joiner.goto('/group-projects');
  await expect(joiner.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
  await expect(card(joiner)).toHaveCount(0);
  await joiner.goto(groupUrl);
  await expect(joiner.getByText('This group does not exist (any more).')).toBeVisible();
});
