import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * An owner runs a group through its life: two people join, the owner closes it (a newcomer is told it takes no
 * new members, and it leaves the default list), removes one member with a reason and hands the group to the
 * other, who then holds the owner's controls while the old owner stays a member.
 */
const TITLE = 'E2E lifecycle club';

async function joinOnPage(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`You joined ${TITLE}.`)).toBeVisible();
}

test('an owner closes a group, removes a member and hands the group over', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-life-owner', '/group-projects');
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  const groupUrl = await postGroup(owner, {
    title: TITLE,
    description: 'A group that closes, loses a member and changes hands.',
    topic: 'rust',
    visibility: 'public',
  });
  const bob = await signedIn(browser, 'e2e-life-bob', '/group-projects');
  await joinOnPage(bob, groupUrl);
  const cat = await signedIn(browser, 'e2e-life-cat', '/group-projects');
  await joinOnPage(cat, groupUrl);

  // The owner closes it to new members.
  await owner.reload();
  const status = owner.getByRole('region', { name: 'Status: Open' });
  await status.getByRole('button', { name: 'Close to new members' }).click();
  await expect(owner.getByText('Group closed to new members.')).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Status: Closed' })).toBeVisible();
  await expectAccessibleInBothThemes(owner, "a closed group's page, with the owner's controls");

  // A newcomer cannot join, is told why, and does not find it in the default list.
  const dan = await signedIn(browser, 'e2e-life-dan', groupUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect(dan.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(dan.getByText('This group is closed to new members.')).toBeVisible();
  await expect(dan.getByRole('button', { name: 'Join' })).toHaveCount(0);
  await dan.goto('/group-projects?q=lifecycle');
  await expect(dan.getByText(/No group/i).first()).toBeVisible();
  await expect(dan.getByRole('article', { name: TITLE })).toHaveCount(0);
  await dan.goto('/group-projects?q=lifecycle&status=closed');
  const card = dan.getByRole('article', { name: TITLE });
  await expect(card).toBeVisible();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();

  // The owner removes cat, saying why; cat is gone from the members.
  const members = owner.getByRole('list', { name: 'Members', exact: true });
  await members.getByRole('button', { name: 'Remove e2e-life-cat' }).click();
  const remove = owner.getByRole('dialog', { name: 'Remove e2e-life-cat' });
  await remove.getByLabel('Reason (optional)').fill('Made room for others');
  await remove.getByRole('button', { name: 'Remove member' }).click();
  await expect(owner.getByText(`e2e-life-cat was removed from ${TITLE}.`)).toBeVisible();
  await expect(members.getByText('e2e-life-cat', { exact: true })).toHaveCount(0);
  // She is listed as removed, barred from coming back until the owner allows it.
  await expect(
    owner
      .getByRole('list', { name: 'Removed members', exact: true })
      .getByRole('button', { name: 'Allow back e2e-life-cat' }),
  ).toBeVisible();

  // Then hands the group to bob, after a dialog that says what changes.
  await members.getByRole('button', { name: 'Make owner e2e-life-bob' }).click();
  const handOver = owner.getByRole('dialog', { name: 'Make e2e-life-bob the owner' });
  await expect(handOver.getByText(/You stay a member/)).toBeVisible();
  await handOver.getByRole('button', { name: 'Make owner' }).click();
  await expect(owner.getByText(`e2e-life-bob now owns ${TITLE}.`)).toBeVisible();
  await expect(owner.getByRole('region', { name: /^Status/ })).toHaveCount(0);
  await expect(owner.getByRole('button', { name: 'Leave' })).toBeVisible();

  // Bob now holds the owner's controls.
  await bob.reload();
  await expect(bob.getByRole('region', { name: 'Status: Closed' })).toBeVisible();
  await expect(
    bob
      .getByRole('list', { name: 'Members', exact: true })
      .getByRole('button', { name: 'Remove e2e-life-owner' }),
  ).toBeVisible();
});
