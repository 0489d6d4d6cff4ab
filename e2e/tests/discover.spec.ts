import { expect, test, type Page } from '@playwright/test';

/** The demo catalogue a fresh `npm start` seeds: 24 well-known repositories. */
const results = (page: Page) => page.getByRole('region', { name: 'Project results' });
const cards = (page: Page) => page.locator('article');
const card = (page: Page, name: string) => page.getByRole('article', { name });

test.use({ viewport: { width: 1280, height: 900 } });

test('browses, sorts, filters by topic and pages through the catalogue', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('demo data', { exact: false }).first()).toBeVisible();
  await expect(cards(page)).toHaveCount(20);
  await expect(card(page, 'React')).toBeVisible();

  // Page 2 of the default sort holds the rest.
  await page
    .getByRole('navigation', { name: 'Pagination, bottom' })
    .getByRole('link', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(4);

  // Sorting starts again from page 1.
  await page.getByLabel('Sort by').selectOption({ label: 'Alphabetical' });
  await expect(page).not.toHaveURL(/page=2/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(/^CPython/);

  // A topic narrows the list to projects that have it.
  const topics = page.getByRole('combobox', { name: 'Topics' });
  await topics.fill('pyth');
  await page.getByRole('option', { name: /^python/ }).click();
  await expect(page).toHaveURL(/topics=python/);
  await expect(cards(page)).toHaveCount(4);
  for (const name of ['CPython', 'Django', 'Home Assistant', 'PyTorch'])
    await expect(card(page, name)).toBeVisible();

  // The address is the state: reloading keeps sort and filter.
  await page.reload();
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).first().getByRole('heading')).toHaveText(/^CPython/);
});

test('opens the open issues of a project, with its filters', async ({ page }) => {
  await page.goto('/');
  await card(page, 'React')
    .getByRole('button', { name: /^Issues/ })
    .click();
  const dialog = page.getByRole('dialog', { name: /React/ });
  await expect(dialog).toBeVisible();
  // Direct items only: each issue holds a list of its labels too.
  const issues = dialog.getByRole('list', { name: 'Open issues' }).locator(':scope > li');
  await expect(issues).toHaveCount(3);
  await expect(dialog.getByRole('link', { name: 'Document the new hook' })).toBeVisible();

  await dialog.getByLabel('Beginner-friendly only').check();
  await expect(issues).toHaveCount(2);
  await dialog.getByLabel('Hide taken issues').check();
  // #1 has a pull request that fixes it; #2 is assigned (and not beginner-friendly).
  await expect(issues).toHaveCount(1);
  await expect(dialog.getByRole('link', { name: 'Document the new hook' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('signs in, saves a project, finds it in saved projects, and requests a new one', async ({ page }) => {
  await page.goto('/');
  // Saving needs an account: the login modal comes first.
  await card(page, 'Vite').getByRole('button', { name: 'Save' }).click();
  const login = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: /^Login with Github/ }).click();
  await page.getByLabel('Username').fill('e2e-saver');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();

  const save = card(page, 'Vite').getByRole('button', { name: /^Save/ });
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText(/Saved/);

  await page.getByRole('banner').getByRole('link', { name: 'My projects' }).click();
  await page.getByRole('link', { name: 'Saved projects' }).click();
  await expect(page).toHaveURL('/my-projects?view=projects');
  await expect(card(page, 'Vite')).toBeVisible();

  // Requesting a project: one already listed is refused, a new one waits for a moderator.
  await page.getByRole('banner').getByRole('link', { name: 'Open source projects' }).click();
  await page.getByRole('button', { name: 'Request a project' }).click();
  const form = page.getByRole('dialog', { name: 'Request a project' });
  const url = form.getByLabel('GitHub repository URL');
  await url.fill('not a repository');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText(/github/i).first()).toBeVisible();
  await url.fill('https://github.com/fastify/fastify');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('fastify/fastify is already listed.')).toBeVisible();
  await url.fill('https://github.com/e2e-org/brand-new-tool.git');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Thanks! e2e-org/brand-new-tool is waiting for a moderator.')).toBeVisible();
});

test('works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(cards(page)).toHaveCount(20);
  const first = await cards(page).nth(0).boundingBox();
  const second = await cards(page).nth(1).boundingBox();
  // One column: each card under the previous one, nearly the full width.
  expect(second && first && second.y > first.y + first.height - 1).toBe(true);
  expect(first && first.width > 300).toBe(true);
  await expect(results(page)).toBeVisible();
});
