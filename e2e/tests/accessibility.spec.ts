import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { signedIn } from '../support/journeys.js';
import { E2E_MODERATOR } from '../playwright.config.js';

/**
 * axe (WCAG 2 A and AA) on the site's page states, each in the light and the dark theme: 0 violations. The
 * journeys (groups, moderation) check the states that need several users along the way.
 */
// Each state is checked twice (light and dark), and axe takes seconds a run on a shared machine.
test.describe.configure({ timeout: 480_000 });

test.describe('page states an anonymous visitor sees', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Discover, its issues dialog, the group list and a missing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'React' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'Discover');

    await page
      .getByRole('article', { name: 'React' })
      .getByRole('button', { name: /^Issues/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /React/ });
    await expect(dialog.getByRole('list', { name: 'Open issues' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the issues dialog');
    await page.keyboard.press('Escape');

    await page.goto('/group-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Group results' })).toContainText(
      /\d+ groups?|No one is looking for a group yet/,
    );
    await expectAccessibleInBothThemes(page, 'Looking for group');
    // One control style: the group filters' selects look like Discover's.
    const look = (label: string) =>
      page.getByLabel(label).evaluate((select) => {
        const style = getComputedStyle(select);
        return [style.appearance, style.backgroundImage, style.borderRadius, style.minHeight].join(' | ');
      });
    const groupLooks = [await look('Date posted'), await look('Sort by')];
    await page.goto('/');
    expect(groupLooks).toEqual([await look('Sort by'), await look('Sort by')]);
    await page.goto('/group-projects');

    await page.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the sign-in dialog');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'a missing page');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Discover and the open side menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'React' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'Discover on a phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the side menu');
  });
});

test('page states of a signed-in user and a moderator', async ({ browser }) => {
  const user = await signedIn(browser, 'e2e-a11y', '/group-projects?post=new');
  const form = user.getByRole('dialog', { name: 'Post a group project' });
  await expect(form).toBeVisible();
  await expectAccessibleInBothThemes(user, 'the posting form');
  await form.getByRole('button', { name: 'Post group' }).click();
  await expect(form.getByText('Give the group a title.')).toBeVisible();
  await expectAccessibleInBothThemes(user, 'the posting form with its errors');

  for (const view of ['groups', 'created', 'saved-groups', 'projects', 'requests']) {
    await user.goto(`/my-projects?view=${view}`);
    await expect(user.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
    await expect(user.getByRole('status').or(user.getByRole('list')).first()).toBeVisible();
    await expectAccessibleInBothThemes(user, `My projects, ${view}`);
  }

  const moderator = await signedIn(browser, E2E_MODERATOR, '/admin');
  for (const tab of ['requests', 'reports', 'catalogue', 'audit']) {
    await moderator.goto(`/admin?tab=${tab}`);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(moderator.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessibleInBothThemes(moderator, `moderation, ${tab}`);
  }
});
