import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * An owner writes a description in Markdown, previews it, posts the group and shares its link: the page renders
 * the list and the link (opening safely), "Copy link" copies the page's address with a toast, the HTML a chat
 * app fetches for that address carries the group's preview tags, and someone opening it loads its code once.
 */
const TITLE = 'E2E "share" club & co';
const DESCRIPTION = 'We need:\n\n- a **designer**\n- a tester\n\nPlan: https://example.com/plan';
const LINK_REL = 'nofollow noopener noreferrer';

test('a group described in Markdown is previewed, rendered, copied and shared', async ({
  browser,
  request,
}) => {
  const owner = await signedIn(browser, 'e2e-sharer', '/group-projects');
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  const form = owner.getByRole('dialog', { name: /post a group project/i });
  await form.getByLabel('Description').fill(DESCRIPTION);
  await form.getByRole('tab', { name: 'Preview' }).click();
  const preview = form.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('listitem')).toHaveText(['a designer', 'a tester']);
  await expectAccessibleInBothThemes(owner, 'the posting form previewing its description');
  await form.getByRole('tab', { name: 'Write' }).click();
  const url = await postGroup(owner, {
    title: TITLE,
    description: DESCRIPTION,
    topic: 'rust',
    visibility: 'public',
  });

  // The page renders the Markdown: a list, and a link that opens in a tab of its own and tells nothing.
  await expect(owner.getByRole('listitem').filter({ hasText: 'a designer' })).toBeVisible();
  const link = owner.getByRole('link', { name: 'https://example.com/plan' });
  await expect(link).toHaveAttribute('rel', LINK_REL);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(owner.getByText('**designer**')).toHaveCount(0);

  // Copy link puts the page's address on the clipboard and says so.
  await owner
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await owner.getByRole('button', { name: `Copy link to ${TITLE}` }).click();
  await expect(owner.getByText('Link copied')).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A link pasted into a chat: the HTML at that address names the group, in its head, escaped.
  const answer = await request.get(url);
  expect(answer.ok()).toBe(true);
  const html = await answer.text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<meta property="og:title" content="E2E &#34;share&#34; club &#38; co" />');
  expect(head).toContain(`<meta property="og:url" content="${url}" />`);
  expect(head).toContain(
    '<meta property="og:description" content="We need: a designer a tester Plan: https://example.com/plan. Topics: rust. 1 member." />',
  );
  expect(head).toContain('<meta name="twitter:card" content="summary" />');

  // Someone opening the link: the HTML names the page's code, which the browser loads beside the site's own
  // script, each file once (the page's loader finds what the HTML preloaded).
  const preloaded = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
  expect(preloaded.some((file) => /\/GroupProjectPage-[^/]+\.js$/.test(file ?? ''))).toBe(true);
  const visitor = await (await browser.newContext()).newPage();
  const code: string[] = [];
  visitor.on('request', (sent) => {
    if (/\/assets\/.+\.(?:js|css)$/.test(sent.url())) code.push(new URL(sent.url()).pathname);
  });
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(visitor.getByRole('listitem').filter({ hasText: 'a designer' })).toBeVisible();
  expect(code).toEqual(expect.arrayContaining(preloaded));
  expect(code.filter((file, index) => code.indexOf(file) !== index)).toEqual([]);
  await visitor.context().close();

  // The list's card shows the description as plain text, not its Markdown.
  await owner.getByRole('link', { name: 'Looking for group' }).first().click();
  const card = owner.getByRole('article', { name: TITLE });
  await expect(card.getByText('We need: a designer a tester')).toBeVisible();
  await expect(card.getByText('**')).toHaveCount(0);
});
