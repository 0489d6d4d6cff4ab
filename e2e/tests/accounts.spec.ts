import { expect, request, test, type Page } from '@playwright/test';

const banner = (page: Page) => page.getByRole('banner');
const loginButton = (page: Page) => banner(page).getByRole('button', { name: /^Login with Github/ });
const logoutButton = (page: Page) => banner(page).getByRole('button', { name: 'Log out' });

/** Signs in the way a new user does on a server without a GitHub app: the development sign-in page. */
async function signInThroughDevPage(page: Page, username: string) {
  await loginButton(page).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('signing in', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signs in through development sign-in, stays signed in on reload, and signs out', async ({ page }) => {
    await page.goto('/my-projects?view=projects');
    await expect(page.getByRole('heading', { name: 'Sign in to see your projects' })).toBeVisible();
    // This server has no GitHub app, and the button says so: a DEV badge, described apart from the spec's
    // label, which stays the button's whole name.
    await expect(loginButton(page)).toContainText('dev');
    await expect(loginButton(page)).toHaveAccessibleName('Login with Github');
    await expect(loginButton(page)).toHaveAccessibleDescription(/^Development sign-in is on/);

    await signInThroughDevPage(page, 'e2e-ada');

    // Back where the user started, with the code gone from the address bar.
    await expect(logoutButton(page)).toBeVisible();
    await expect(page).toHaveURL('/my-projects?view=projects');
    await expect(page.getByText('Signed in as e2e-ada')).toBeVisible();

    await page.reload();
    await expect(logoutButton(page)).toBeVisible();
    await expect(page.getByText('Signed in as e2e-ada')).toBeVisible();

    await logoutButton(page).click();
    await expect(loginButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to see your projects' })).toBeVisible();
    await page.reload();
    await expect(loginButton(page)).toBeVisible();
  });

  test('shows the expiry toast once the session is ended on the server', async ({ page, baseURL }) => {
    await page.goto('/');
    await signInThroughDevPage(page, 'e2e-grace');
    await expect(logoutButton(page)).toBeVisible();

    // End the session on the server, as a logout from another tab of the same browser would, leaving this
    // page holding a cookie the server no longer honours.
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'openlfg_session');
    expect(session).toBeDefined();
    const elsewhere = await request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `openlfg_session=${session?.value}` },
    });
    const ended = await elsewhere.delete('/api/account/logout', { data: {} });
    expect(ended.status()).toBe(204);
    await elsewhere.dispose();

    await banner(page).getByRole('link', { name: 'My projects' }).click();
    // The spec's toast, once, and not the server's words beside it.
    await expect(page.getByText("You're session expired, please log back in.")).toHaveCount(1);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
    await expect(loginButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to see your projects' })).toBeVisible();
  });

  test('offers sign-in when an anonymous visitor wants to post a group project', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('link', { name: 'Post a group project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /^Login with Github/ }).click();
    await page.getByLabel('Username').fill('e2e-poster');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/group-projects?post=new');
    await expect(logoutButton(page)).toBeVisible();
  });
});
