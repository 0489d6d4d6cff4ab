import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A and AA rules) and fails with each violation named, its
 * help text and the elements it found, so a journey can check every state it reaches (loaded, empty, error,
 * a dialog open) for 0 violations. axe is injected through the DevTools protocol, so the site's
 * Content-Security-Policy does not have to allow it.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect(found, `axe violations on ${state}`).toEqual([]);
}
