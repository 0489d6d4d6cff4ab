import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * The owner fixes a typo in a group's title: the edit form opens filled with the group, says what a change of
 * visibility would mean, and once saved the new title shows on the page (marked edited) and in the list.
 */
const TYPO = 'E2E edit clubb';
const FIXED = 'E2E edit club';

test('the owner edits a group and the list shows the new title', async ({ browser }) => {
  const owner = await signedIn(browser, 'e2e-editor', '/group-projects');
  await owner.getByRole('banner').getByRole('link', { name: 'Post a group project' }).click();
  await postGroup(owner, {
    title: TYPO,
    description: 'A group whose title has a typo.',
    topic: 'rust',
    visibility: 'public',
  });

  // The posting toast is checked elsewhere; the form is checked on its own once the toast is closed (as a user
  // closes it: waiting for it to time out would spend its five seconds).
  const posted = owner.getByRole('alert').filter({ hasText: 'Group posted.' });
  await posted.getByRole('button', { name: 'close' }).click();
  await expect(owner.getByText('Group posted.')).toBeHidden();
  await owner.getByRole('button', { name: 'Edit group' }).click();
  const form = owner.getByRole('dialog', { name: 'Edit group' });
  await expect(form.getByLabel('Title')).toHaveValue(TYPO);
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Private: you approve requests').check();
  await expect(form.getByText(/Making the group private: members stay/)).toBeVisible();
  await expectAccessibleInBothThemes(owner, 'the edit form with its visibility note');
  await form.getByLabel('Public: anyone can join').check();
  await form.getByLabel('Title').fill(FIXED);
  await form.getByRole('button', { name: 'Save changes' }).click();

  await expect(owner.getByText('Changes saved.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(owner.getByRole('heading', { level: 1, name: FIXED })).toBeVisible();
  await expect(owner.getByText(/edited < 1 minute ago/)).toBeVisible();

  await owner.getByRole('link', { name: 'Looking for group' }).first().click();
  const card = owner.getByRole('article', { name: FIXED });
  await expect(card).toBeVisible();
  await expect(card.getByText(/edited/)).toBeVisible();
  await expect(owner.getByRole('article', { name: TYPO })).toHaveCount(0);
});
