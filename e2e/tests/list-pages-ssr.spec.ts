import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/journeys.js';
import { collectErrors } from '../support/page-errors.js';

/**
 * Discover and the Looking for group page as visitors without JavaScript read them (the server's HTML holds the
 * list the address asks for), and as the app takes that markup over: without a mismatch (React reports one as a
 * console error), the cards being the very elements the server sent, and the controls answering afterwards.
 */
const TOPIC = 'e2e-list-ssr';
const FIRST = 'E2E listed lighthouse keepers';
const SECOND = 'E2E listed harbour pilots';
const LIST = `/group-projects?topics=${TOPIC}`;

test.beforeAll(async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-ssr-list-owner', '/group-projects');
  for (const title of [FIRST, SECOND]) {
    const posted = await owner.request.post('/api/group-projects/post-project', {
      data: {
        title,
        description: 'We keep the lights on, one release at a time.',
        topics: [TOPIC],
        skillLevel: 'Any level',
        visibility: 'public',
        discordUrl: 'https://discord.gg/e2elistssr',
        maxMembers: null,
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  await owner.context().close();
});

test('the list of groups reads without JavaScript, filtered as its address says', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(LIST);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: 'Groups' })).toBeVisible();
  await expect(page.getByText('2 groups')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: FIRST })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: SECOND })).toBeVisible();
  await expect(page).toHaveTitle('OpenLFG - Looking for group');
  await context.close();
});

/** Opens `url` and waits for the app to run, noting the first card's heading as the server sent it. */
async function takeOver(page: Page, url: string) {
  // As the document finished parsing, before any module script ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Object.assign(window, { serverCard: document.querySelector('#root h3') });
    });
  });
  await page.goto(url);
  // The session is checked in the browser alone: once the bar offers to log in, the app runs.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
  // Taken over, not drawn again: the card on screen is the very element the server sent.
  expect(
    await page.evaluate(() => {
      const sent = (window as { serverCard?: Element | null }).serverCard;
      return !!sent && sent.isConnected && sent === document.querySelector('#root h3');
    }),
  ).toBe(true);
}

test('the app takes the server’s list of groups over without errors, and its controls answer', async ({
  page,
}) => {
  const errors = collectErrors(page, () => false);
  await takeOver(page, LIST);
  // The list's search answers: it narrows the list to one group.
  await page.getByRole('searchbox', { name: 'Search groups' }).fill('harbour');
  await expect(page.getByText('1 group', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: SECOND })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: FIRST })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Discover reads without JavaScript, searched as its address says', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto('/?q=react');
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 3, name: 'React', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('OpenLFG - Open source projects');
  await context.close();
});

test('the app takes Discover over without errors, and its search answers', async ({ page }) => {
  const errors = collectErrors(page, () => false);
  await takeOver(page, '/');
  // The takeover's code brings no other page's: the finder's came with it, and its stylesheet moved the list.
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').filter(({ name }) => name.includes('/assets/FinderResults-')),
    ),
  ).toEqual([]);
  await page.getByRole('searchbox', { name: 'Search projects' }).fill('react');
  await expect(page.getByRole('heading', { level: 3, name: 'React', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/q=react/);
  expect(errors).toEqual([]);
});
