import { expect, test, type Page } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';
import { REQUESTED_REPOSITORY } from '../global-setup.js';
import { E2E_MODERATOR } from '../playwright.config.js';

/**
 * The moderation journey: a user asks for a project to be added and reports a group; a moderator (in
 * ADMIN_LOGINS) opens the moderation area from the menu, approves the request (the project joins the list)
 * and hides the group (it leaves the group list), and both actions are in the audit log.
 */
const GROUP = 'E2E moderated club';
/** The project's name in the list: the repository's name until a sync fills in its figures. */
const PROJECT_NAME = REQUESTED_REPOSITORY.split('/')[1] ?? REQUESTED_REPOSITORY;

const banner = (page: Page) => page.getByRole('banner');
const groupCard = (page: Page) => page.getByRole('article', { name: GROUP });

/** The group list, once loaded: its count or its empty state shows, so a missing card really is missing. */
async function expectGroupListLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Group results' })).toContainText(
    /\d+ groups?|No one is looking for a group yet/,
  );
}

async function postPublicGroup(owner: Page): Promise<string> {
  await banner(owner).getByRole('link', { name: 'Post a group project' }).click();
  return postGroup(owner, {
    title: GROUP,
    description: 'A group that a moderator will hide.',
    topic: 'moderation',
    visibility: 'public',
  });
}

async function requestProject(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Request a project' }).click();
  const form = page.getByRole('dialog', { name: 'Request a project' });
  await form.getByLabel('GitHub repository URL').fill(`https://github.com/${REQUESTED_REPOSITORY}`);
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText(`Thanks! ${REQUESTED_REPOSITORY} is waiting for a moderator.`)).toBeVisible();
  await page.keyboard.press('Escape');
}

async function reportGroup(page: Page, groupUrl: string) {
  await page.goto(groupUrl);
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: `Report ${GROUP}` });
  await report.getByLabel('Reason').fill('Only advertises a paid course.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks, a moderator will look at it.')).toBeVisible();
}

test('a moderator approves a requested project and hides a reported group', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-mod-owner', '/group-projects');
  const groupUrl = await postPublicGroup(owner);

  // A user asks for a project and reports the group; the moderation area is not for them.
  const user = await signedIn(browser, 'e2e-mod-user', '/admin');
  await expect(user.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(banner(user).getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await requestProject(user);
  await reportGroup(user, groupUrl);
  await user.goto('/group-projects');
  await expectGroupListLoaded(user);
  await expect(groupCard(user)).toBeVisible();

  // The moderator finds the area from the menu.
  const moderator = await signedIn(browser, E2E_MODERATOR, '/');
  await banner(moderator).getByRole('link', { name: 'Moderation' }).click();
  await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

  // The request, with its requester and GitHub's figures on demand; approving takes it out of the queue.
  const request = moderator
    .getByRole('list', { name: 'Project requests' })
    .getByRole('listitem')
    .filter({ hasText: REQUESTED_REPOSITORY });
  await expect(request).toContainText('by e2e-mod-user');
  await request.getByRole('button', { name: `GitHub figures of ${REQUESTED_REPOSITORY}` }).click();
  await expect(request.getByLabel('GitHub figures')).toContainText('42');
  await request.getByRole('button', { name: `Approve ${REQUESTED_REPOSITORY}` }).click();
  await expect(moderator.getByText(`${REQUESTED_REPOSITORY} is in the catalogue`)).toBeVisible();
  await expect(request).toHaveCount(0);

  // The project is in the list, first in alphabetical order.
  await banner(moderator).getByRole('link', { name: 'Open source projects' }).click();
  await moderator.getByLabel('Sort by').selectOption({ label: 'Alphabetical' });
  await expect(moderator.getByRole('article').first().getByRole('heading')).toHaveText(
    new RegExp(`^${PROJECT_NAME}`),
  );

  // The report, with its reason and reporter; hiding needs a reason.
  await banner(moderator).getByRole('link', { name: 'Moderation' }).click();
  await moderator
    .getByRole('navigation', { name: 'Moderation sections' })
    .getByRole('link', { name: 'Reports' })
    .click();
  const reports = moderator.getByRole('list', { name: `Reports on ${GROUP}` });
  await expect(reports).toContainText('e2e-mod-user');
  await expect(reports).toContainText('Only advertises a paid course.');
  await moderator.getByRole('button', { name: `Hide group ${GROUP}` }).click();
  const hide = moderator.getByRole('dialog', { name: `Hide ${GROUP}` });
  await hide.getByLabel('Reason').fill('Advertising.');
  await hide.getByRole('button', { name: 'Hide group' }).click();
  await expect(moderator.getByText(`${GROUP} is hidden.`)).toBeVisible();
  await expect(reports).toHaveCount(0);

  // The group is gone from the list, for the moderator and for the user who reported it.
  await banner(moderator).getByRole('link', { name: 'Looking for group' }).click();
  await expectGroupListLoaded(moderator);
  await expect(groupCard(moderator)).toHaveCount(0);
  await user.reload();
  await expectGroupListLoaded(user);
  await expect(groupCard(user)).toHaveCount(0);

  // Both actions are in the audit log, newest first.
  await moderator.goto('/admin?tab=audit');
  const entries = moderator.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(entries.first()).toContainText(`${E2E_MODERATOR} hid ${GROUP}`);
  await expect(entries.first()).toContainText('Reason: Advertising.');
  await expect(entries.nth(1)).toContainText(
    `${E2E_MODERATOR} approved the request for ${REQUESTED_REPOSITORY}`,
  );
});

test('the moderation area works on a phone', async ({ browser }) => {
  const moderator = await signedIn(browser, E2E_MODERATOR, '/', 375);
  await moderator.getByRole('button', { name: 'Open menu' }).click();
  await moderator.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Moderation' }).click();
  await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

  const tabs = moderator.getByRole('navigation', { name: 'Moderation sections' });
  await tabs.getByRole('link', { name: 'Catalogue health' }).click();
  await expect(moderator.getByRole('heading', { level: 2, name: 'Catalogue health' })).toBeVisible();
  // This server has no GitHub token: Sync now is shown disabled, saying what it needs.
  const sync = moderator.getByRole('button', { name: 'Sync now' });
  await expect(sync).toBeVisible();
  await expect(sync).toHaveAttribute('aria-disabled', 'true');
  await expect(sync).toHaveAccessibleDescription(/^Syncing needs a GitHub token/);
  // Nothing pushes the page sideways: only the tab strip may scroll.
  const overflow = await moderator.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Opened at a tab past the strip's edge, the strip scrolls it into view, underline and all.
  await moderator.goto('/admin?tab=audit');
  await expect(tabs.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Audit log' })).toBeInViewport({ ratio: 0.9 });
  await moderator.goto('/my-projects?view=requests');
  const views = moderator.getByRole('navigation', { name: 'My projects views' });
  await expect(views.getByRole('link', { name: 'My requests' })).toHaveAttribute('aria-current', 'page');
  await expect(views.getByRole('link', { name: 'My requests' })).toBeInViewport({ ratio: 0.9 });
});
