import { expect, test, type Page } from '@playwright/test';

/** Content-Security-Policy violations show up as console errors; a page that trips one is broken somewhere. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('the shell on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the navigation and moves the selection with the page', async ({ page }) => {
    const violations = collectCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'OpenLFG home' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeVisible();

    const projects = nav(page).getByRole('link', { name: 'Open source projects' });
    const groups = nav(page).getByRole('link', { name: 'Looking for group' });
    const mine = nav(page).getByRole('link', { name: 'My projects' });
    await expect(projects).toHaveAttribute('aria-current', 'page');
    await expect(groups).not.toHaveAttribute('aria-current', 'page');

    await groups.click();
    await expect(page).toHaveURL('/group-projects');
    await expect(groups).toHaveAttribute('aria-current', 'page');
    await expect(projects).not.toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/Looking for group/);

    await mine.click();
    await expect(page).toHaveURL('/my-projects?view=groups');
    await expect(mine).toHaveAttribute('aria-current', 'page');

    // The selected link is the underlined one.
    const underline = (locator: typeof mine) =>
      locator.evaluate((el) => {
        const style = getComputedStyle(el);
        const after = getComputedStyle(el, '::after');
        return (
          style.textDecorationLine.includes('underline') ||
          parseFloat(style.borderBottomWidth) > 0 ||
          (after.content !== 'none' && parseFloat(after.height) > 0 && after.opacity !== '0')
        );
      });
    expect(await underline(mine)).toBe(true);
    expect(await underline(projects)).toBe(false);

    // The call to action is the purple link, and the burger is not shown.
    const cta = page.getByRole('banner').getByRole('link', { name: 'Post a group project' });
    await expect(cta).toBeVisible();
    const background = await cta.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(b).toBeGreaterThan(g ?? 255);
    expect(r).toBeGreaterThan(g ?? 255);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    // The navigation stays on screen while the page scrolls.
    const position = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe('sticky');

    await expect(page.getByRole('banner').getByRole('button', { name: /^Login with Github/ })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('keeps the bar to one row, its links on one line, and a toast below it', async ({ page }) => {
    await page.goto('/');
    // The app renders its first frame as a transition: the bar is there a moment after the page's load event.
    await expect(nav(page).getByRole('link')).toHaveCount(4);
    const tops = await nav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(1);
    const bar = (await page.getByRole('banner').boundingBox()) ?? { y: 0, height: Infinity };
    expect(bar.height).toBeLessThanOrEqual(80);

    // A toast opens under the bar, leaving its buttons uncovered (here: the session check fails to sign in).
    await page.goto('/?code=not-a-code&state=not-a-state');
    const toastBox = await page.getByText('Issue signing in, please try again.').boundingBox();
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual(bar.y + bar.height);
  });

  test('keeps a deep link on reload, and tells of pages that do not exist', async ({ page }) => {
    await page.goto('/my-projects?view=groups');
    await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL('/my-projects?view=groups');
    await expect(page.getByRole('heading', { level: 1, name: 'My projects' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: /projects/i })
      .first()
      .click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('the shell on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens a side menu from the hamburger and closes it every way a user expects', async ({ page }) => {
    const violations = collectCspViolations(page);
    await page.goto('/');
    await expect(nav(page).getByRole('link', { name: 'Looking for group' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');

    const menu = page.getByRole('dialog', { name: 'Menu' });
    const overlay = page.getByTestId('menu-overlay');
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);

    // Open: 70% of the width, against the right edge, over a dimmed overlay; the page no longer scrolls.
    await burger.click();
    await expect(menu).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect
      .poll(async () => {
        const box = await page.getByTestId('mobile-menu').boundingBox();
        return box && { width: Math.round(box.width), right: Math.round(box.x + box.width) };
      })
      .toEqual({ width: Math.round(375 * 0.7), right: 375 });
    await expect
      .poll(() => overlay.evaluate((el) => Number(getComputedStyle(el).opacity)))
      .toBeGreaterThan(0.3);
    expect(await bodyOverflow()).toBe('hidden');
    await expect(menu.locator(':focus')).toHaveCount(1);

    // Escape closes it and gives focus back to the burger.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
    expect(await bodyOverflow()).not.toBe('hidden');

    // A click on the overlay closes it.
    await burger.click();
    await expect(menu).toBeVisible();
    await overlay.click({ position: { x: 20, y: 400 } });
    await expect(menu).toBeHidden();

    // Following a link closes it and navigates.
    await burger.click();
    await menu.getByRole('link', { name: 'Looking for group' }).click();
    await expect(page).toHaveURL('/group-projects');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
    expect(await bodyOverflow()).not.toBe('hidden');
    expect(violations).toEqual([]);
  });

  test('keeps keyboard focus inside the open menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect(menu.locator(':focus')).toHaveCount(1);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      await expect(menu.locator(':focus')).toHaveCount(1);
    }
  });
});
