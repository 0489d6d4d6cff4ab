import { expect, type Browser, type Page } from '@playwright/test';

/**
 * A new browser (its own cookies) signed in as `login` through development sign-in in one step (the server's
 * authorize route takes a login hint), landing on `returnTo`.
 */
export async function signedIn(
  browser: Browser,
  login: string,
  returnTo: string,
  width = 1280,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/api/account/authorize?login=${login}&returnTo=${encodeURIComponent(returnTo)}`);
  // Signed in: a Log out button exists (in the bar, or in the closed menu on a phone).
  await expect(page.getByRole('button', { name: 'Log out', includeHidden: true }).first()).toBeAttached();
  return page;
}

/**
 * Fills and sends the open "Post a group project" form, then waits for the new group's page; answers its URL.
 */
export async function postGroup(
  page: Page,
  group: { title: string; description: string; topic: string; visibility: 'public' | 'private' },
): Promise<string> {
  const form = page.getByRole('dialog', { name: /post a group project/i });
  await expect(form).toBeVisible();
  await form.getByLabel('Title').fill(group.title);
  await form.getByLabel('Description').fill(group.description);
  const topics = form.getByRole('textbox', { name: 'Topics' });
  await topics.fill(group.topic);
  await topics.press('Enter');
  if (group.visibility === 'private') await form.getByLabel('Private: you approve requests').check();
  await form.getByRole('button', { name: 'Post group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: group.title })).toBeVisible();
  await expect(page).toHaveURL(/\/group-projects\/\d+$/);
  return page.url();
}
