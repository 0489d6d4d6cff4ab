import { expect, test, type ConsoleMessage } from '@playwright/test';
import { signedIn } from '../support/journeys.js';
import { collectErrors } from '../support/page-errors.js';
import { holdTakeover } from '../support/takeover.js';

/**
 * A project's page as search engines, link previews and visitors without JavaScript read it (the server's
 * HTML holds it), and as the app takes that markup over in a browser with JavaScript: without a mismatch (React
 * reports one as a console error), answering clicks afterwards, and taking what was typed in its fields before.
 */
const PROJECT = '/projects/facebook/react';
const DESCRIPTION = 'The library for web and native user interfaces.';
const GROUP = 'E2E people building with React';

const MISSING = '/projects/facebook/no-such-project';

/** The browser's note that the not-found page itself came with its 404: the page's answer, no error. */
const missingPageNote = (message: ConsoleMessage) =>
  message.location().url.endsWith(MISSING) && /status of 404/.test(message.text());

test.beforeAll(async ({ browser }) => {
  // A group around the project, so its page has one to show.
  const owner = await signedIn(browser, 'e2e-ssr-owner', '/group-projects');
  const posted = await owner.request.post('/api/group-projects/post-project', {
    data: {
      title: GROUP,
      description: 'We build things with React together.',
      topics: ['react'],
      skillLevel: 'Any level',
      visibility: 'public',
      discordUrl: 'https://discord.gg/abc123',
      maxMembers: null,
      repository: 'https://github.com/facebook/react',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await owner.context().close();
});

test('a project page reads without JavaScript, and an unknown one is a 404 page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(PROJECT);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('React');
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByText(GROUP)).toBeVisible();
  await expect(page).toHaveTitle('OpenLFG - facebook/react');

  const missing = await page.goto(MISSING);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await context.close();
});

test('the app takes the server’s page over without errors, and it answers', async ({ page }) => {
  const errors = collectErrors(page, missingPageNote);
  // The heading the server sent, as the document finished parsing, before any module script ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        Object.assign(window, { serverHeading: document.querySelector('h1') });
    });
  });
  await page.goto(PROJECT);
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  // The session is checked in the browser alone: once the bar offers to log in, the app runs.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
  // Taken over, not drawn again: the heading on screen is the very element the server sent.
  expect(
    await page.evaluate(() => {
      const sent = (window as { serverHeading?: Element | null }).serverHeading;
      return sent?.textContent === 'React' && sent === document.querySelector('h1');
    }),
  ).toBe(true);
  // Saving asks an anonymous visitor to sign in: the page's own buttons answer.
  await page.getByRole('button', { name: 'Save React' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // A link in the page navigates inside the app.
  await page.getByRole('link', { name: GROUP }).click();
  await expect(page.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
  expect(errors).toEqual([]);

  // An unknown project's not-found page is taken over too.
  await page.goto(MISSING);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to open source projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('what a visitor types and ticks in the filters before the takeover counts once the app runs', async ({
  page,
}) => {
  const errors = collectErrors(page, missingPageNote);
  const takeover = await holdTakeover(page);
  await page.goto(PROJECT, { waitUntil: 'commit' });
  const filters = page.getByRole('group', { name: 'Filter and sort issues' });
  const languages = filters.getByRole('combobox', { name: 'Languages' });
  const answering = filters.getByRole('checkbox', { name: 'Maintainers answer within a week' });
  await takeover.asked;
  await expect(page.locator('html')).toHaveAttribute('data-hydrating');
  // The server's fields are live: the box ticks, the text shows as typed.
  await answering.check();
  await languages.click();
  await page.keyboard.type('script');
  await expect(languages).toHaveValue('script');
  takeover.release();
  // The app has run and rendered since once the bar offers to log in (the session settles in the browser).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
  // The app has what the visitor did: the languages narrowed to those holding the text, the filter on.
  const shown = page.getByRole('listbox', { name: 'Languages' }).getByRole('option');
  await expect(shown).toHaveText([/^TypeScript/, /^JavaScript/]);
  await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await expect(languages).toHaveValue('script');
  await expect(answering).toBeChecked();
  // Focus and caret where the visitor left them: typing goes on at the end.
  await expect(languages).toBeFocused();
  await page.keyboard.type('s');
  await expect(languages).toHaveValue('scripts');
  await expect(shown).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the page’s styles come in one stylesheet, and the app fetches none of those it holds again', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto(PROJECT);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
  // The page's code has loaded and run its stylesheets' loader: opening a dialog needs the page's own code.
  await page.getByRole('button', { name: 'Save React' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { combined, held } = await page.evaluate(() => ({
    combined: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])'))
      .map((link) => new URL(link.href).pathname)
      .filter((href) => /^\/assets\/page-/.test(href)),
    held: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')).map(
      (link) => new URL(link.href).pathname,
    ),
  }));
  expect(combined).toHaveLength(1);
  expect(held.length).toBeGreaterThan(1);
  expect(stylesheets.filter((href) => href === combined[0])).toHaveLength(1);
  expect(stylesheets.filter((href) => held.includes(href))).toEqual([]);
  // Styled by it: the dialog is laid over the page, not in the flow of the document.
  expect(await page.getByRole('dialog').evaluate((dialog) => getComputedStyle(dialog).position)).not.toBe(
    'static',
  );
});

test('the room, the mentors and the side menu come styled with the page: no stylesheet arrives later', async ({
  page,
}) => {
  // A stylesheet that arrives after the page opened restyles all of it, a long task on a slow phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  const html = await (await page.request.get(PROJECT)).text();
  const inHtml = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"[^>]*>/g)]
    .filter(([link]) => !link.includes(' disabled'))
    .map(([, href]) => href);
  await page.goto(PROJECT);
  await expect(
    page.getByRole('region', { name: 'Room' }).getByRole('log', { name: 'Messages' }),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the mentors' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(inHtml.length).toBeGreaterThan(1);
  expect(stylesheets.sort()).toEqual(inHtml.sort());
});

/**
 * The server runs in UTC. Any moment falls on another date in one of these two zones at least (a day ahead of
 * UTC from 10:00, a day behind it before 11:00), so one of them reads the page's old dates as other days.
 */
for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test(`a visitor in ${timezoneId} takes the page over without a mismatch, and reads dates as their own`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId });
    const page = await context.newPage();
    const errors = collectErrors(page, missingPageNote);
    await page.goto(PROJECT);
    // The app runs once the bar offers to log in (the session is checked in the browser alone).
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login with Github' })).toBeVisible();
    // The issues a week old or more, which the page writes as dates: as the visitor's zone has them.
    const opened = await page.evaluate(() => {
      const text = document.getElementById('server-render-data')?.textContent ?? '{}';
      const data = JSON.parse(text) as {
        clock: { now: string };
        queries: { query: string; body: { data?: { createdAt: string }[] } }[];
      };
      const issues = data.queries.find((query) => query.query === 'projectIssues')?.body.data ?? [];
      const weekAgo = Date.parse(data.clock.now) - 7 * 86_400_000;
      return issues
        .filter((issue) => Date.parse(issue.createdAt) < weekAgo)
        .map((issue) => `opened on ${new Date(issue.createdAt).toLocaleDateString('en-US')}`);
    });
    expect(opened.length).toBeGreaterThan(0);
    for (const text of opened) await expect(page.getByText(text).first()).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}
