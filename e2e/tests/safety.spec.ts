import { expect, test, type Page } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';
import { E2E_MODERATOR } from '../playwright.config.js';

/**
 * Safety between people: an owner blocks someone from beside their name in a group's members; that person's
 * request to the owner's other group is refused as a closed group's would be. The owner reports them; a
 * moderator suspends the account with a reason, and its next sign-in is refused with that reason.
 */
const OPEN_GROUP = 'E2E safety open club';
const PRIVATE_GROUP = 'E2E safety private club';
const TROLL = 'e2e-safety-troll';
const REASON = 'Harassing other members';

const banner = (page: Page) => page.getByRole('banner');
const members = (page: Page) => page.getByRole('list', { name: 'Members' });

async function postOwnersGroup(owner: Page, title: string, visibility: 'public' | 'private') {
  await owner.goto('/group-projects');
  await banner(owner).getByRole('link', { name: 'Post a group project' }).click();
  return postGroup(owner, {
    title,
    description: 'Where people build together.',
    topic: 'safety',
    visibility,
  });
}

test('a blocked user is refused at the blocker’s group; a reported user is suspended and refused at sign-in', async ({
  browser,
}) => {
  const owner = await signedIn(browser, 'e2e-safety-owner', '/group-projects');
  const openUrl = await postOwnersGroup(owner, OPEN_GROUP, 'public');
  const privateUrl = await postOwnersGroup(owner, PRIVATE_GROUP, 'private');

  // The troll joins the open group, and opens the private one, where they may still ask to join.
  const troll = await signedIn(browser, TROLL, new URL(openUrl).pathname);
  await troll.getByRole('button', { name: 'Join' }).click();
  await expect(members(troll).getByText(TROLL)).toBeVisible();
  await troll.goto(privateUrl);
  await expect(troll.getByRole('button', { name: 'Request to join' })).toBeVisible();

  // The owner blocks them from the menu beside their name, and finds them on the settings page.
  await owner.goto(openUrl);
  await members(owner)
    .getByRole('button', { name: `More for ${TROLL}` })
    .click();
  await owner.getByRole('menuitem', { name: `Block ${TROLL}` }).click();
  await expect(owner.getByText(`Blocked ${TROLL}.`)).toBeVisible();
  await owner.goto('/settings/email');
  const blocked = owner.getByRole('list', { name: 'Blocked users' });
  await expect(blocked.getByText(TROLL)).toBeVisible();
  await expect(blocked.getByRole('button', { name: `Unblock ${TROLL}` })).toBeVisible();

  // The troll's request is refused as a closed group's, never saying why; on a fresh look there is no way in.
  await troll.getByRole('button', { name: 'Request to join' }).click();
  await expect(troll.getByText('This group is closed: it takes no new members.')).toBeVisible();
  await expect(troll.getByText(/block/i)).toHaveCount(0);
  await troll.reload();
  await expect(troll.getByRole('heading', { level: 1, name: PRIVATE_GROUP })).toBeVisible();
  await expect(troll.getByRole('button', { name: 'Request to join' })).toHaveCount(0);
  // The group reads as closed to them, as any closed group does, though it is open to everyone else.
  await expect(troll.getByText('This group is closed to new members.')).toBeVisible();
  await expect(troll.getByText('Closed', { exact: true })).toBeVisible();

  // The owner reports them, with a reason, from the same menu.
  await owner.goto(openUrl);
  await members(owner)
    .getByRole('button', { name: `More for ${TROLL}` })
    .click();
  await owner.getByRole('menuitem', { name: `Report ${TROLL}` }).click();
  const report = owner.getByRole('dialog', { name: `Report ${TROLL}` });
  await report.getByLabel('Reason').fill('Insults everyone on the board.');
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(owner.getByText('Thanks: the moderators will look at your report.')).toBeVisible();

  // A moderator finds the report beside the reports on groups and suspends the account.
  const moderator = await signedIn(browser, E2E_MODERATOR, '/admin?tab=reports');
  const reported = moderator.getByRole('list', { name: 'Reported people' }).getByRole('listitem').filter({
    hasText: TROLL,
  });
  await expect(reported.first()).toContainText('Insults everyone on the board.');
  await reported
    .first()
    .getByRole('button', { name: `Suspend account ${TROLL}` })
    .click();
  const suspend = moderator.getByRole('dialog', { name: `Suspend ${TROLL}` });
  await suspend.getByLabel('Reason').fill(REASON);
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(moderator.getByText(`${TROLL} is suspended.`)).toBeVisible();

  // The troll is signed out everywhere, and signing in again is refused with the reason.
  await troll.reload();
  await expect(troll.getByRole('button', { name: 'Log out', includeHidden: true })).toHaveCount(0);
  await troll.goto(`/api/account/authorize?login=${TROLL}&returnTo=%2F`);
  await expect(troll.getByText(`Your account is suspended: ${REASON}`)).toBeVisible();
  await expect(troll.getByRole('button', { name: 'Log out', includeHidden: true })).toHaveCount(0);

  // The suspension is in the audit log.
  await moderator.goto('/admin?tab=audit');
  await expect(moderator.getByText(new RegExp(`suspended user ${TROLL}`))).toBeVisible();
});
