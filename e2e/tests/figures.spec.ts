import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/journeys.js';
import { E2E_MODERATOR } from '../playwright.config.js';

/**
 * What Discover says about figures it does not have yet: a project approved from a request is new, and no sync
 * has reached it (this site has no GitHub token, so none runs), which its card says in words on a phone; the
 * sort by a figure none of the listed projects has is disabled with the reason; a page past the end is corrected
 * in the address without a new history entry.
 */
const REPOSITORY = 'e2e-figures/zz-awaiting-sync';
const NAME = 'zz-awaiting-sync';

const results = (page: Page) => page.getByRole('region', { name: 'Project results' });

/** A user asks for the repository and a moderator approves it, through the API the pages use. */
async function approvedProject(page: Page, moderator: Page) {
  const asked = await page.request.post('/api/projects/request', {
    data: { projectUrl: `https://github.com/${REPOSITORY}` },
  });
  expect(asked.status()).toBe(201);
  const queue = await moderator.request.get('/api/admin/requests');
  const pending = ((await queue.json()) as { data: { id: number; repoExt: string }[] }).data;
  const request = pending.find((item) => item.repoExt === REPOSITORY);
  expect(request).toBeDefined();
  const approved = await moderator.request.post(`/api/admin/requests/${request?.id}/approve`, { data: {} });
  expect(approved.status()).toBe(200);
}

test('a project no sync has reached says so on its card on a phone, and is new', async ({ browser }) => {
  test.setTimeout(60_000);
  const user = await signedIn(browser, 'e2e-figures-user', '/');
  const moderator = await signedIn(browser, E2E_MODERATOR, '/');
  await approvedProject(user, moderator);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto('/?new=1');
  // The demo projects are not new: the approved project is the only one.
  await expect(results(phone)).toContainText('1 project');
  const card = phone.getByRole('article', { name: new RegExp(`^${NAME}`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  const waiting = card.getByText('Figures arrive with the next sync.');
  await expect(waiting).toBeVisible();
  // In words on the card, inside the phone's width: no hover needed.
  const box = await waiting.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);

  // No listed project has a contributor count: that sort is disabled, says why, and the list says what it does.
  const mostContributors = phone.getByLabel('Sort by').locator('option', { hasText: 'Most Contributors' });
  await expect(mostContributors).toBeDisabled();
  await expect(mostContributors).toHaveText('Most Contributors (no counts yet)');
  await expect(results(phone)).toContainText(
    'No project here has a contributor count yet, so those with the most beginner issues come first.',
  );
  // Nothing pushes the page sideways, the sort's longer words included.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('a page past the end is corrected in the address, without a new history entry', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/group-projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
  await page.goto('/?sort=name-asc&page=9999');

  await expect(page).toHaveURL(/\?sort=name-asc&page=\d{1,3}$/);
  const served = Number(new URL(page.url()).searchParams.get('page'));
  expect(served).toBeGreaterThan(1);
  await expect(results(page)).toContainText(`Page ${served} of ${served}`);
  await expect(results(page)).toContainText(/\d+ projects/);

  // Back leaves the list: the corrected address replaced the one typed, so there is no loop back to 9999.
  await page.goBack();
  await expect(page).toHaveURL(/\/group-projects$/);
});
