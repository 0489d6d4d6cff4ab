import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';
import { E2E_MODERATOR } from '../playwright.config.js';

/**
 * Two people in two browsers: the owner posts a private group, the other asks to join, the owner approves, the
 * new member sees the group's members, leaves, reports the group, and the owner deletes it: gone for both.
 */
const TITLE = 'E2E compiler club';

const card = (page: Page) => page.getByRole('article', { name: TITLE });

test('a private group from posting to deletion, with two users', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-owner', '/group-projects');
  const joiner = await signedIn(browser, 'e2e-joiner', '/group-projects');

  // The owner posts a private group from the call to action. A refused field says so beside it without
  // stretching its neighbour, and its error goes as soon as the field is right.
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  const form = owner.getByRole('dialog', { name: 'Post a group project' });
  const skillLevel = form.getByLabel('Skill level');
  const skillHeight = (await skillLevel.boundingBox())?.height;
  await form.getByLabel('Maximum members (optional)').fill('1');
  await form.getByRole('button', { name: 'Post group' }).click();
  const tooFew = form.getByText('The maximum must be a whole number from 2 to 1000.');
  await expect(tooFew).toBeVisible();
  expect((await skillLevel.boundingBox())?.height).toBe(skillHeight);
  await form.getByLabel('Maximum members (optional)').fill('4');
  await expect(tooFew).toBeHidden();
  const groupUrl = await postGroup(owner, {
    title: TITLE,
    description: 'We write a tiny compiler in Rust, one pass a week.',
    topic: 'rust',
    visibility: 'private',
  });
  // Focus lands on the new group's heading, not on the link that opened the form.
  await expect(owner.getByRole('heading', { level: 1, name: TITLE })).toBeFocused();

  // The other user finds it by its topic: a chip on the card filters the list, as on Discover.
  await joiner.reload();
  await card(joiner).getByRole('button', { name: 'rust' }).click();
  await expect(joiner).toHaveURL(/topics=rust/);
  await expect(card(joiner).getByRole('button', { name: 'rust' })).toHaveAttribute('aria-pressed', 'true');

  // On the group's own page they ask to join: the same toast as on a card, once, and focus on the button that
  // took the pressed one's place; the page stays while it refreshes.
  await card(joiner).getByRole('link', { name: TITLE }).click();
  await expect(joiner.getByText('This group is private.', { exact: false })).toBeVisible();
  await expectAccessibleInBothThemes(joiner, "a private group's page, seen from outside");
  await joiner.getByRole('button', { name: 'Request to join' }).click();
  await expect(joiner.getByText('Request sent. The owner will decide.')).toHaveCount(1);
  await expect(joiner.getByRole('button', { name: 'Cancel request' })).toBeFocused();
  await expect(joiner.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // The owner sees the request and approves it; no one else waits, so focus goes to the list's heading.
  await owner.reload();
  const pending = owner.getByRole('region', { name: 'Pending requests' });
  await expect(pending.getByRole('button', { name: 'Approve e2e-joiner' })).toBeVisible();
  await expectAccessibleInBothThemes(owner, "a group's page, as its owner with a request");
  await pending.getByRole('button', { name: 'Approve e2e-joiner' }).click();
  await expect(owner.getByText('e2e-joiner is now a member.')).toBeVisible();
  await expect(pending.getByRole('heading', { name: 'Pending requests' })).toBeFocused();
  // The owner's row of each member also names them to the Remove and Make owner buttons: find the row.
  await expect(
    owner.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: 'e2e-joiner' }),
  ).toBeVisible();

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

  // The report against it is closed with the deletion: nothing is left for a moderator, and the audit log
  // says what happened.
  const moderator = await signedIn(browser, E2E_MODERATOR, '/admin?tab=reports');
  await expect(moderator.getByRole('heading', { level: 2, name: 'Reports', exact: true })).toBeVisible();
  await expect(
    moderator.getByText('No open reports.').or(moderator.getByRole('article').first()),
  ).toBeVisible();
  await expect(moderator.getByText(TITLE)).toHaveCount(0);
  await moderator.goto('/admin?tab=audit');
  await expect(
    moderator.getByText(`deleted their own reported group ${TITLE}`, { exact: false }),
  ).toBeVisible();
});
