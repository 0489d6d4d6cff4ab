import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * Two members of a public group on its board in two browsers: one fixes a typo in a message and deletes another,
 * and the other browser sees both at once, without reloading; a mention is picked from the members with the
 * keyboard alone and shows highlighted for the person mentioned.
 */
const TITLE = 'E2E board edits club';
const OWNER = 'e2e-edits-owner';
const MEMBER = 'e2e-edits-member';

const board = (page: Page) => page.getByRole('region', { name: 'Discussion' });
const messages = (page: Page) => board(page).getByRole('log', { name: 'Messages' });
const composer = (page: Page) => board(page).getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(messages(page).getByText(text)).toBeVisible();
}

test('an edit and a deletion reach the other browser live; a mention is completed by keyboard', async ({
  browser,
}) => {
  const owner = await signedIn(browser, OWNER, '/group-projects?post=new');
  const groupUrl = await postGroup(owner, {
    title: TITLE,
    description: 'We fix our typos.',
    topic: 'edits',
    visibility: 'public',
  });
  const member = await signedIn(browser, MEMBER, new URL(groupUrl).pathname);
  await member.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(composer(member)).toBeVisible();
  await expect(composer(owner)).toBeVisible();

  // The member posts twice; the owner sees both.
  await send(member, 'Meet at 5 pm');
  await send(member, 'Wrong board, sorry');
  await expect(messages(owner).getByText('Wrong board, sorry')).toBeVisible();

  // The member edits the first in place: the owner's page shows the new text, marked edited, without a reload.
  const first = messages(member).getByRole('listitem').filter({ hasText: 'Meet at 5 pm' });
  await first.getByRole('button', { name: 'Edit your message' }).click();
  const editor = messages(member).getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toBeFocused();
  await editor.fill('Meet at 6 pm');
  await editor.press('Enter');
  await expect(messages(member).getByText('Meet at 6 pm')).toBeVisible();
  const edited = messages(owner).getByRole('listitem').filter({ hasText: 'Meet at 6 pm' });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('edited')).toBeVisible();
  await expect(messages(owner).getByText('Meet at 5 pm')).toHaveCount(0);

  // The member deletes the second after confirming: both pages show "Message deleted" instead of its text.
  await messages(member)
    .getByRole('listitem')
    .filter({ hasText: 'Wrong board, sorry' })
    .getByRole('button', { name: 'Delete your message' })
    .click();
  const dialog = member.getByRole('dialog', { name: 'Delete message' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(messages(member).getByText('Message deleted')).toBeVisible();
  await expect(messages(owner).getByText('Message deleted')).toBeVisible();
  await expect(messages(owner).getByText('Wrong board, sorry')).toHaveCount(0);
  // The owner may delete anyone's message on the board; the member's own edit is theirs alone.
  await expect(edited.getByRole('button', { name: `Delete ${MEMBER}'s message` })).toBeVisible();
  await expect(edited.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  // A mention, by keyboard alone: "@" and a few letters offer the members; Enter picks one, Enter sends.
  await composer(member).focus();
  await member.keyboard.type('Thanks @e2e-ed');
  const options = board(member).getByRole('listbox', { name: 'Members to mention' });
  await expect(options.getByRole('option', { name: OWNER, selected: true })).toBeVisible();
  await expectAccessibleInBothThemes(member, 'the board with its mention options open');
  await member.keyboard.press('Enter');
  await expect(composer(member)).toHaveValue(`Thanks @${OWNER} `);
  await expect(options).toHaveCount(0);
  await member.keyboard.type('for the room!');
  await member.keyboard.press('Enter');
  // The owner, mentioned, sees their name highlighted.
  const mention = messages(owner).locator('mark', { hasText: `@${OWNER}` });
  await expect(mention).toBeVisible();
  await expectAccessibleInBothThemes(owner, 'the board with an edited, a deleted and a mentioning message');
});
