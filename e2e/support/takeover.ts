import type { Page } from '@playwright/test';

/**
 * Holds back the app's takeover of the server-rendered pages `page` opens until `release` is called: the chunk
 * that hydrates such a page (ssr/hydrate.ts) is answered only then. `asked` resolves once the page has asked for
 * it, its markup on screen and nothing of it taken over.
 */
export async function holdTakeover(page: Page): Promise<{ asked: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  await page.route(/\/assets\/hydrate-[\w-]+\.js$/, async (route) => {
    markAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}
