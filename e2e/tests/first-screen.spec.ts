import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * The first screen of the two lists: a whole card shows without scrolling at 1280x800, a keyboard skips to the
 * results and finds the pages above them, and on a phone the filters fold behind one button.
 */
const FIRST_SCREEN = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/** The first card lies wholly within the window as it opens, nothing scrolled. */
async function expectFirstCardOnFirstScreen(page: Page): Promise<void> {
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await first.boundingBox()) ?? { y: -1, height: 0 };
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(FIRST_SCREEN.height);
}

test.describe('at 1280x800', () => {
  test.use({ viewport: FIRST_SCREEN });

  test('Discover shows a whole card, skips to the results and has pages above them', async ({ page }) => {
    await page.goto('/');
    await expectFirstCardOnFirstScreen(page);

    // The skip link is the page's first stop after the navigation: it shows when it has focus.
    const skip = page.getByRole('link', { name: 'Skip to results' });
    await skip.focus();
    await expect(skip).toBeInViewport();
    await expectAccessibleInBothThemes(page, 'Discover, Skip to results focused');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Project results' })).toBeFocused();

    // The next Tab reaches the pages above the cards, not the first card's controls.
    const top = page.getByRole('navigation', { name: 'Pagination, top' });
    await expect(top).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(top.getByRole('link', { name: 'Page 1' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Pagination, bottom' })).toBeAttached();

    // The top pages work like the bottom ones.
    await top.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page.getByRole('navigation', { name: 'Pagination, bottom' }).getByRole('link', { name: 'Page 2' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('Looking for group shows a whole card on a first visit', async ({ browser }) => {
    const owner = await signedIn(browser, 'e2e-first-screen', '/group-projects');
    await owner.getByRole('main').getByRole('button', { name: 'Post a group project' }).first().click();
    await postGroup(owner, {
      title: 'E2E first screen club',
      description: 'We check that a list shows its first card without scrolling.',
      topic: 'css',
      visibility: 'public',
    });
    await owner.context().close();

    const context = await browser.newContext({ viewport: FIRST_SCREEN });
    const page = await context.newPage();
    await page.goto('/group-projects');
    await expectFirstCardOnFirstScreen(page);

    const skip = page.getByRole('link', { name: 'Skip to results' });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Group results' })).toBeFocused();
    await expectAccessibleInBothThemes(page, 'Looking for group, first screen');
    await context.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the filters of Discover fold behind a Filters button that counts them', async ({ page }) => {
    await page.goto('/?languages=Go&new=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeVisible();
    // The search box stays in sight; the filters wait behind the button.
    await expect(page.getByRole('searchbox', { name: 'Search projects' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filters (2)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const newOnly = page.getByText('New in the last 30 days');
    await expect(newOnly).toBeHidden();
    await expectAccessibleInBothThemes(page, 'Discover on a phone, filters folded');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const controlled = await toggle.getAttribute('aria-controls');
    await expect(page.locator(`[id="${controlled}"]`).getByText('New in the last 30 days')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Topics' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'Discover on a phone, filters open');

    await toggle.click();
    await expect(newOnly).toBeHidden();
  });

  test('the filters of Looking for group fold behind a Filters button that counts them', async ({ page }) => {
    await page.goto('/group-projects?visibility=public');
    await expect(page.getByRole('searchbox', { name: 'Search groups' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Filters (1)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('group', { name: 'Visibility' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('group', { name: 'Visibility' })).toBeVisible();
    await expectAccessibleInBothThemes(page, 'Looking for group on a phone, filters open');
  });
});

/** Each list page opens with its first result within the window, on a laptop and on a phone. */
for (const [name, viewport] of [
  ['a laptop', FIRST_SCREEN],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport });

    for (const path of ['/', '/issues', '/group-projects']) {
      test(`${path} shows its first result on the first screen`, async ({ page }) => {
        await page.goto(path);
        const first = page.getByRole('main').getByRole('article').first();
        await expect(first).toBeVisible();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        const box = (await first.boundingBox()) ?? { y: Infinity };
        expect(box.y).toBeLessThan(viewport.height - 100);
      });
    }
  });
}
