import { expect, test, type Page } from '@playwright/test';

const banner = (page: Page) => page.getByRole('banner');
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
const accent = (page: Page, name: string) =>
  page.getByRole('article', { name }).evaluate((element) => getComputedStyle(element).borderTopColor);

/** Records the theme on <html> at the moment <body> is added: what the first paint shows. */
async function recordThemeAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { themeAtBody?: string | null };
    new MutationObserver((_changes, observer) => {
      if (!document.body) return;
      record.themeAtBody = document.documentElement.getAttribute('data-theme');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const themeAtFirstPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeAtBody?: string | null }).themeAtBody);

test.describe('dark mode on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('follows the system, keeps the black bar and the card colours, and the toggle is remembered', async ({
    page,
  }) => {
    await recordThemeAtFirstPaint(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByRole('article', { name: 'React' })).toBeVisible();
    expect(await theme(page)).toBe('light');
    const lightPage = await background(page, 'body');
    const reactAccent = await accent(page, 'React');

    // The system turns dark: the page follows while the user has not chosen.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    const toggle = banner(page).getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await background(page, 'body')).not.toBe(lightPage);
    // The bar stays black, and a card keeps its colour.
    expect(await background(page, 'header')).toBe('rgb(0, 0, 0)');
    expect(await accent(page, 'React')).toBe(reactAccent);

    // The user's choice wins over the system's, and is remembered, from the first paint on.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await theme(page)).toBe('light');
    await page.reload();
    await expect(page.getByRole('article', { name: 'React' })).toBeVisible();
    expect(await themeAtFirstPaint(page)).toBe('light');
    expect(await theme(page)).toBe('light');

    await banner(page).getByRole('button', { name: 'Dark mode' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(page.getByRole('article', { name: 'React' })).toBeVisible();
    expect(await themeAtFirstPaint(page)).toBe('dark');
    expect(await theme(page)).toBe('dark');
    expect(await background(page, 'header')).toBe('rgb(0, 0, 0)');
  });
});

test.describe('dark mode on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('is switched from the side menu', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const toggle = menu.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('openlfg-theme'))).toBe('dark');
  });
});
