import { expect, test, type ConsoleMessage } from '@playwright/test';
import { signedIn } from '../support/journeys.js';
import { collectErrors } from '../support/page-errors.js';
import { holdTakeover } from '../support/takeover.js';

/**
 * A group's page as visitors without JavaScript read it (the server's HTML holds it, as its viewer may see it),
 * and as the app takes that markup over in a browser with JavaScript: without a mismatch (React reports one as
 * a console error), answering clicks afterwards, and a press made before it.
 */
const PUBLIC_TITLE = 'E2E server-rendered garden';
const PUBLIC_DESCRIPTION =
  'We grow a **static site generator**, one [plugin](https://example.com/plugins) at a time.';
const PRIVATE_TITLE = 'E2E server-rendered quiet room';
const PRIVATE_DISCORD = 'https://discord.gg/e2equietroom';
const MISSING = '/group-projects/987654321';

let publicPage = '';
let privatePage = '';

/** The browser's note of a 404 (the not-found group's page comes with one): the page's answer, no error. */
const notFoundNote = (message: ConsoleMessage) => /status of 404/.test(message.text());

test.beforeAll(async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-ssr-group-owner', '/group-projects');
  const post = async (title: string, visibility: 'public' | 'private', discordUrl: string) => {
    const posted = await owner.request.post('/api/group-projects/post-project', {
      data: {
        title,
        description: PUBLIC_DESCRIPTION,
        topics: ['static-sites'],
        skillLevel: 'Any level',
        visibility,
        discordUrl,
        maxMembers: null,
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    return `/group-projects/${((await posted.json()) as { groupProjectId: number }).groupProjectId}`;
  };
  publicPage = await post(PUBLIC_TITLE, 'public', 'https://discord.gg/e2egarden');
  privatePage = await post(PRIVATE_TITLE, 'private', PRIVATE_DISCORD);
  await owner.context().close();
});

test('a group page reads without JavaScript as its viewer may see it, and an unknown one is a 404 page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(publicPage);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: PUBLIC_TITLE })).toBeVisible();
  // Its description's Markdown rendered, as the browser renders it, not as typed.
  await expect(page.locator('strong', { hasText: 'static site generator' })).toBeVisible();
  const plugin = page.getByRole('link', { name: 'plugin', exact: true });
  await expect(plugin).toHaveAttribute('href', 'https://example.com/plugins');
  await expect(plugin).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  await expect(plugin).toHaveAttribute('target', '_blank');
  expect(await page.locator('#root').textContent()).not.toContain('**static');
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('e2e-ssr-group-owner');
  await expect(page).toHaveTitle(`OpenLFG - ${PUBLIC_TITLE}`);

  // A private group shows a stranger its card, not its members or links.
  expect((await page.goto(privatePage))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: PRIVATE_TITLE })).toBeVisible();
  await expect(page.getByText('Ask to join to see its members and discussion.')).toBeVisible();
  expect(await page.content()).not.toContain(PRIVATE_DISCORD);

  const missing = await page.goto(MISSING);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /This group does not exist/ })).toBeVisible();
  await context.close();
});

test('the app takes the server’s group page over without errors, and it answers', async ({ browser }) => {
  const page = await signedIn(browser, 'e2e-ssr-group-joiner', '/');
  const errors = collectErrors(page, notFoundNote);
  // The heading the server sent, as the document finished parsing, before any module script ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        Object.assign(window, {
          serverHeading: document.querySelector('h1'),
          serverDescription: document.querySelector('strong'),
        });
        // Whether the description ever showed as typed while the app took the page over.
        new MutationObserver(() => {
          if (document.getElementById('root')?.textContent?.includes('**static'))
            Object.assign(window, { descriptionAsTyped: true });
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }
    });
  });
  const markdownCode = page.waitForResponse(/\/assets\/Markdown-[^/]*\.js$/);
  await page.goto(publicPage);
  // Join, pressed as soon as it shows: the press is not lost on markup the app has yet to take over, and
  // makes the joiner a member, with the way to leave.
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText(`You joined ${PUBLIC_TITLE}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('e2e-ssr-group-joiner');
  // The session is checked in the browser alone: once the bar offers to log out, the app runs.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  // Taken over, not drawn again: the heading on screen is the very element the server sent.
  expect(
    await page.evaluate((title) => {
      const sent = (window as { serverHeading?: Element | null }).serverHeading;
      return sent?.textContent === title && sent === document.querySelector('h1');
    }, PUBLIC_TITLE),
  ).toBe(true);
  // So is the description, its renderer's code loaded, never shown as typed meanwhile.
  await markdownCode;
  await expect(page.locator('strong', { hasText: 'static site generator' })).toBeVisible();
  expect(
    await page.evaluate(() => {
      const { serverDescription, descriptionAsTyped } = window as {
        serverDescription?: Element | null;
        descriptionAsTyped?: boolean;
      };
      return {
        same: !!serverDescription && serverDescription === document.querySelector('strong'),
        descriptionAsTyped,
      };
    }),
  ).toEqual({ same: true });
  expect(errors).toEqual([]);

  // A private group's card, and the not-found page, are taken over too.
  await page.goto(privatePage);
  await expect(page.getByText('Ask to join to see its members and discussion.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request to join' })).toBeVisible();
  await page.goto(MISSING);
  await expect(page.getByRole('heading', { level: 1, name: /This group does not exist/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the groups' }).click();
  await expect(page).toHaveURL(/\/group-projects$/);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a key press on the server’s Join before the takeover is kept, and answered once the app runs', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'e2e-ssr-group-early-joiner', '/');
  const errors = collectErrors(page, notFoundNote);
  const takeover = await holdTakeover(page);
  await page.goto(publicPage, { waitUntil: 'commit' });
  const join = page.getByRole('button', { name: 'Join', exact: true });
  await join.focus();
  await takeover.asked;
  await expect(page.locator('html')).toHaveAttribute('data-hydrating');
  await page.keyboard.press('Enter');
  // Held, not answered by a page that cannot answer yet: the button keeps the focus the user gave it.
  await expect(join).toBeFocused();
  takeover.release();
  await expect(page.getByText(`You joined ${PUBLIC_TITLE}.`)).toBeVisible();
  // Focus goes to the button that took Join's place, as after any press of Join.
  await expect(page.getByRole('button', { name: 'Leave' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('e2e-ssr-group-early-joiner');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a pointer press on the server’s Join before the takeover is kept: signed out, it asks to sign in', async ({
  page,
}) => {
  const errors = collectErrors(page, notFoundNote);
  const takeover = await holdTakeover(page);
  await page.goto(publicPage, { waitUntil: 'commit' });
  const join = page.getByRole('button', { name: 'Join', exact: true });
  await expect(join).toBeVisible();
  await takeover.asked;
  await expect(page.locator('html')).toHaveAttribute('data-hydrating');
  // A press where the user sees the button, whatever the page does with it (Playwright's own click would first
  // wait for the button to take events).
  const box = await join.boundingBox();
  expect(box).not.toBeNull();
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  takeover.release();
  await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
  expect(errors).toEqual([]);
});
