import { expect, test, type Page } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * An invite link brings a second user into a private group without a request: the owner makes a link for two
 * uses, dave opens it signed out, signs in, comes back to the link, joins at once and reads the group's board;
 * the owner's bell tells her, live, that he joined.
 */
const TITLE = 'E2E invite-only guild';
const board = (page: Page) => page.getByRole('region', { name: 'Discussion' });

test('an invite link brings dave into a private group, where he reads its board', async ({ browser }) => {
  const alice = await signedIn(browser, 'e2e-alice-inv', '/group-projects?post=new');
  await postGroup(alice, {
    title: TITLE,
    description: 'A private group you join by invitation.',
    topic: 'rust',
    visibility: 'private',
  });
  const input = board(alice).getByRole('textbox', { name: 'Message' });
  await input.fill('Welcome, invited friends!');
  await input.press('Enter');
  await expect(input).toHaveValue('');

  // The owner makes a link for two uses; it shows in the list with its uses left and expiry.
  const invites = alice.getByRole('region', { name: 'Invite links' });
  await invites.getByLabel('Number of uses (optional)').fill('2');
  await invites.getByRole('button', { name: 'Create invite link' }).click();
  const link = invites.getByRole('list', { name: 'Active invite links' }).getByRole('listitem').first();
  await expect(link).toContainText('2 uses left');
  await expect(link).toContainText('Expires in 6 days');
  const url = (await link.locator('code').textContent()) ?? '';
  expect(url).toMatch(/\/invite\/\d+-[0-9a-f]{48}$/);

  // Dave, signed out, opens it: the page names the group, he is asked to sign in and comes back to the link,
  // which lets him in.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const dave = await context.newPage();
  await dave.goto(new URL(url).pathname);
  await expect(
    dave.getByRole('heading', { level: 1, name: `You have been invited to join ${TITLE}.` }),
  ).toBeVisible();
  await dave.getByRole('button', { name: 'Sign in to join' }).click();
  await dave
    .getByRole('dialog', { name: 'Sign in to continue' })
    .getByRole('button', { name: /^Login with Github/ })
    .click();
  await dave.getByLabel('Username').fill('e2e-dave');
  await dave.getByRole('button', { name: 'Sign in' }).click();

  await expect(dave.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(dave).toHaveURL(/\/group-projects\/\d+$/);
  await expect(dave.getByRole('list', { name: 'Members' }).getByText('e2e-dave')).toBeVisible();
  await expect(
    board(dave).getByRole('log', { name: 'Messages' }).getByText('Welcome, invited friends!'),
  ).toBeVisible();

  // The owner's bell counted the join live, and its dropdown names dave.
  const bell = alice.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(
    alice
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: `e2e-dave joined ${TITLE}` }),
  ).toBeVisible();
  await alice.keyboard.press('Escape');

  // The owner sees one use taken.
  await alice.reload();
  await expect(
    alice.getByRole('region', { name: 'Invite links' }).getByRole('listitem').first(),
  ).toContainText('1 use left (used 1 time)');
  await context.close();
});
