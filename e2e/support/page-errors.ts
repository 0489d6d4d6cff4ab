import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Every console error and uncaught exception of the page from now on, but the console errors `expected` names
 * (the browser's note that a not-found page came with its 404): a hydration mismatch, which React reports as a
 * console error, shows here.
 */
export function collectErrors(page: Page, expected: (message: ConsoleMessage) => boolean): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected(message)) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
