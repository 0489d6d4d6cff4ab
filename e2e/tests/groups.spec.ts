import { expect, test, type Page } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * Two people in two browsers: the owner posts a private group, the other asks to join, the owner approves, the
 * new member sees the group's members, leaves, reports the group, and the owner deletes it: gone for both.
 */
const TITLE = 'E2E compiler club';

const card = (page: Page) => page.getByRole('article', { name: TITLE });

test('a private group from posting to deletion, with two users', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-owner', '/group-projects');
  const joiner = await signedIn(browser, 'e2e-joiner', '/group-projects');

  // The owner posts a private group from the call to action.
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  const groupUrl = await postGroup(owner, {
    title: TITLE,
    description: 'We write a tiny compiler in Rust, one pass a week.',
    topic: 'rust',
    visibility: 'private',
  });

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
