import { expect, test, type Page } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * The discussion board of a private group: two members in two browsers chat live, without reloading; a third
 * user, signed in but not a member, can neither see the board nor read its history through the API. The member
 * who was away finds an unread count on My projects, which clears once they read the board; logging out in another
 * tab ends the board's socket, and the board's tab signs out too.
 */
const TITLE = 'E2E board club';

const board = (page: Page) => page.getByRole('region', { name: 'Discussion' });
const messages = (page: Page) => board(page).getByRole('log', { name: 'Messages' });

async function send(page: Page, text: string): Promise<void> {
  const input = board(page).getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('two members chat live on a private board; a stranger cannot read it', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-board-owner', '/group-projects?post=new');
  const member = await signedIn(browser, 'e2e-board-member', '/group-projects');

  // The owner posts a private group.
  const groupUrl = await postGroup(owner, {
    title: TITLE,
    description: 'We chat about compilers, live.',
    topic: 'chat',
    visibility: 'private',
  });
  const groupPath = new URL(groupUrl).pathname;
  const groupProjectId = Number(/\/group-projects\/(\d+)$/.exec(groupPath)?.[1]);

  // The owner's board is there, empty, with a composer.
  await expect(board(owner).getByText('No messages yet. Say hello!')).toBeVisible();

  // The other user asks to join; the owner approves.
  await member.goto(groupUrl);
  await expect(board(member)).toHaveCount(0);
  await member.getByRole('button', { name: 'Request to join' }).click();
  await expect(member.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await owner.reload();
  await owner
    .getByRole('region', { name: 'Pending requests' })
    .getByRole('button', { name: 'Approve e2e-board-member' })
    .click();
  await expect(owner.getByText('e2e-board-member is now a member.')).toBeVisible();

  // Both have the board open (the member through My projects' "Open discussion"); each message arrives live in
  // the other browser.
  await member.goto('/my-projects?view=groups');
  await member
    .getByRole('article', { name: TITLE })
    .getByRole('link', { name: /Open discussion/ })
    .click();
  await expect(member).toHaveURL(/#discussion$/);
  await expect(board(member).getByRole('textbox', { name: 'Message' })).toBeVisible();
  await send(owner, 'Hello from the owner <b>not bold</b>');
  await expect(messages(member).getByText('Hello from the owner <b>not bold</b>')).toBeVisible();
  await send(member, 'Hi! Notes at https://example.org/notes.');
  await expect(messages(owner).getByText(/Hi! Notes at/)).toBeVisible();
  const link = messages(owner).getByRole('link', { name: 'https://example.org/notes' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // Each sees their own message once (the add-message answer and the socket bring it twice).
  await expect(messages(owner).getByText('Hello from the owner <b>not bold</b>')).toHaveCount(1);
  await expect(messages(member).getByText(/Hi! Notes at/)).toHaveCount(1);

  // A third user, signed in but not a member, sees the private notice and no board; the API refuses them too.
  const stranger = await signedIn(browser, 'e2e-board-stranger', groupPath);
  await expect(stranger.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(
    stranger.getByText('This group is private. Ask to join to see its members and discussion.'),
  ).toBeVisible();
  await expect(board(stranger)).toHaveCount(0);
  await expect(stranger.getByText('Hello from the owner')).toHaveCount(0);
  const refused = await stranger.request.get(`/api/messages/history?groupProjectId=${groupProjectId}`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as unknown).toMatchObject({ error: { code: 'FORBIDDEN' } });

  // The member steps away; a message comes in; My projects counts it until they read the board.
  await member.goto('/my-projects?view=groups');
  const card = member.getByRole('article', { name: TITLE });
  await expect(card).toBeVisible();
  await send(owner, 'Are you there?');
  await expect(messages(owner).getByText('Are you there?')).toBeVisible();
  await member.reload();
  await expect(card.getByText(/^\d+ unread$/)).toBeVisible();
  const recorded = member.waitForResponse(
    (response) => response.url().endsWith('/api/messages/latest-message') && response.ok(),
  );
  await card.getByRole('link', { name: /Open discussion/ }).click();
  await expect(messages(member).getByText('Are you there?')).toBeVisible();
  await recorded;
  await member.goto('/my-projects?view=groups');
  await expect(card).toBeVisible();
  await expect(card.getByText(/unread/)).toHaveCount(0);

  // Logging out in another tab ends the session: the server closes this tab's socket, and the board's tab
  // signs out too (the spec's expiry toast), leaving the private group's notice instead of its board.
  const otherTab = await member.context().newPage();
  await otherTab.goto('/my-projects?view=groups');
  await member
    .getByRole('article', { name: TITLE })
    .getByRole('link', { name: /Open discussion/ })
    .click();
  await expect(board(member).getByRole('textbox', { name: 'Message' })).toBeVisible();
  await otherTab.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(otherTab.getByRole('banner').getByRole('button', { name: /Login with Github/ })).toBeVisible();
  await expect(member.getByText("You're session expired, please log back in.")).toBeVisible();
  await expect(member.getByRole('banner').getByRole('button', { name: /Login with Github/ })).toBeVisible();
  await expect(board(member)).toHaveCount(0);
});
