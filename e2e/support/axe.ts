import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const THEMES = ['light', 'dark'] as const;

/**
 * Runs axe (WCAG 2.1 A and AA rules) on the page as it is now, once in each theme, and expects no violation.
 * The theme is switched the way the page itself does (data-theme on <html>, what the menu's toggle and
 * public/early.js set) and put back afterwards, so the journey goes on as it was.
 */
export async function expectAccessibleInBothThemes(page: Page, state: string): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? 'light');
  for (const theme of THEMES) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      // Only what fails is wanted: the passes and incomplete lists cost time on a busy machine.
      .options({ resultTypes: ['violations'] })
      .analyze();
    const found = violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` ${node.failureSummary}` : ''}`)
          .join('; ')})`,
    );
    expect(found, `axe on ${state}, ${theme} theme`).toEqual([]);
  }
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, before);
}
