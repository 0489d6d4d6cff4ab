import { expect, test } from '@playwright/test';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * People and matching both ways: bob says in his profile that he uses TypeScript, lives at UTC+1 and looks for
 * a group; alice's group needs TypeScript in Europe. Alice finds bob under "People for your group", with why,
 * and invites him; bob finds her group first under "Groups for you", with why, and the invitation in his bell.
 */
const TITLE = 'E2E TypeScript in Europe';
const BOB = 'e2e-bob-people';
const ALICE = 'e2e-alice-people';

test('alice finds bob for her group and invites him; bob sees her group first under Groups for you', async ({
  browser,
}) => {
  // Bob fills in his profile with the keyboard.
  const bob = await signedIn(browser, BOB, '/settings/profile');
  const profile = bob.getByRole('form', { name: 'Your profile' });
  await profile.getByLabel('Skills you add').fill('TypeScript');
  await profile.getByLabel('Timezone').fill('Etc/GMT-1');
  await profile.getByLabel('Hours a week').fill('10');
  await profile.getByRole('checkbox', { name: 'Looking for a group' }).check();
  await profile.getByLabel('Your pitch').fill('I write TypeScript and tests.');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(bob.getByText('Profile saved.')).toBeVisible();
  await bob.goto(`/users/${BOB}`);
  await expect(bob.getByText('Looking for a group')).toBeVisible();
  await expect(bob.getByText('Etc/GMT-1 (UTC+1)')).toBeVisible();

  // Alice posts a group that needs TypeScript in Europe (UTC to UTC+3).
  const alice = await signedIn(browser, ALICE, '/group-projects?post=new');
  const form = alice.getByRole('dialog', { name: /post a group project/i });
  await form.getByLabel('Skills or roles wanted').fill('typescript');
  await form.getByLabel('Timezones from').selectOption({ label: 'UTC' });
  await form.getByLabel('to', { exact: true }).selectOption({ label: 'UTC+3' });
  await postGroup(alice, {
    title: TITLE,
    description: 'We build a TypeScript tool, European hours.',
    topic: 'typescript',
    visibility: 'public',
  });

  // She finds bob under People for your group, with why, and invites him.
  const people = alice.getByRole('region', { name: 'People for your group' });
  const bobRow = people.getByRole('listitem').filter({ hasText: 'I write TypeScript and tests.' });
  await expect(bobRow).toContainText('uses TypeScript, which your group needs');
  await expect(bobRow).toContainText('your window overlaps 9 h with their day');
  await bobRow.getByRole('button', { name: `Invite ${BOB}` }).click();
  await expect(alice.getByText(`Invitation sent to ${BOB}.`)).toBeVisible();
  await expect(bobRow).toContainText('Invited');

  // Bob sees her group first under Groups for you, with its reason and the overlap with his day.
  await bob.goto('/group-projects');
  await bob.getByLabel('Sort by').selectOption({ label: 'Groups for you' });
  await expect(bob).toHaveURL(/sort=match-desc/);
  const first = bob.getByRole('list', { name: 'Groups', exact: true }).getByRole('article').first();
  await expect(first.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(first).toContainText(
    'Why for you: needs TypeScript, which you use; overlaps 9 h with your day',
  );
  await expect(first).toContainText('UTC to UTC+3 · Overlaps 9 h with your day');

  // And the invitation is in his bell, leading to the invite link.
  const bell = bob.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const invitation = bob
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: `${ALICE} invited you to join ${TITLE}` });
  await expect(invitation).toBeVisible();
  await expect(invitation).toHaveAttribute('href', /\/invite\/\d+-[0-9a-f]{48}$/);
});

test('a person’s page comes from the server as its viewer may see it, and nobody’s is a 404 page', async ({
  browser,
}) => {
  // Carol shows her profile to signed-in users: she reads it whole, with JavaScript or without.
  const carol = await signedIn(browser, 'e2e-carol-people', '/settings/profile');
  const profile = carol.getByRole('form', { name: 'Your profile' });
  await profile.getByRole('checkbox', { name: 'Looking for a group' }).check();
  await profile.getByLabel('Your pitch').fill('I draw diagrams.');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(carol.getByText('Profile saved.')).toBeVisible();
  const cookies = await carol.context().cookies();

  const plain = await browser.newContext({ javaScriptEnabled: false });
  await plain.addCookies(cookies);
  const page = await plain.newPage();
  const answer = await page.goto('/users/e2e-carol-people');
  expect(answer?.status()).toBe(200);
  await expect(page.getByText('I draw diagrams.')).toBeVisible();
  // Nobody signed in reads her name alone: the pitch is not in the page at all.
  await plain.clearCookies();
  await page.goto('/users/e2e-carol-people');
  await expect(page.getByText('Sign in to see e2e-carol-people’s profile.')).toBeVisible();
  expect(await page.content()).not.toContain('I draw diagrams.');

  const missing = await page.goto('/users/e2e-nobody-here-at-all');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await plain.close();

  // With JavaScript, the app takes her page over without a mismatch (React reports one as a console error)...
  const errors: string[] = [];
  carol.on('console', (message) => {
    const missingPage = /status of 404/.test(message.text());
    if (message.type() === 'error' && !missingPage) errors.push(message.text());
  });
  carol.on('pageerror', (error) => errors.push(error.message));
  await carol.goto('/users/e2e-carol-people');
  await expect(carol.getByText('I draw diagrams.')).toBeVisible();
  await expect(carol.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
  await expect(carol.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(errors).toEqual([]);

  // ...and the not-found page, whose link leads home.
  await carol.goto('/users/e2e-nobody-here-at-all');
  await expect(carol.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await carol.getByRole('link', { name: 'Back to open source projects' }).click();
  await expect(carol.getByRole('heading', { level: 1, name: 'Open source projects' })).toBeVisible();
  expect(errors).toEqual([]);
});
