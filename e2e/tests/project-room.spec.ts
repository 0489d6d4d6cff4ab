import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '../support/journeys.js';

/**
 * A project's room and its mentors: a mentor volunteers on a project's page; a newcomer, in another browser on
 * the same page, posts in the room and the mentor sees it live, without a reload; the newcomer asks a mentor,
 * the question shows live in the room and the mentor's bell counts it, its link leading to the message. A
 * visitor who is not signed in reads the room too.
 */
const PROJECT = '/projects/rust-lang/rust';

const room = (page: Page) => page.getByRole('region', { name: 'Room' });
const mentors = (page: Page) => page.getByRole('region', { name: 'Mentors' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test("a post in a project's room shows live in another browser; asking a mentor tells them", async ({
  browser,
}) => {
  const mentor = await signedIn(browser, 'e2e-room-mentor', PROJECT);
  await mentors(mentor).getByRole('button', { name: 'Volunteer as a mentor' }).click();
  await mentors(mentor).getByRole('textbox', { name: 'What you can help with' }).fill('Compiler errors');
  await mentors(mentor).getByRole('spinbutton', { name: 'Newcomers at a time' }).fill('2');
  await mentors(mentor).getByRole('button', { name: 'Volunteer' }).click();
  await expect(mentors(mentor).getByRole('button', { name: 'Step down' })).toBeVisible();
  await expect(room(mentor).getByRole('textbox', { name: 'Message' })).toBeVisible();

  const newcomer = await signedIn(browser, 'e2e-room-newcomer', PROJECT);
  await expect(mentors(newcomer).getByText('Compiler errors')).toBeVisible();
  const input = room(newcomer).getByRole('textbox', { name: 'Message' });
  await input.fill('Hello from a newcomer');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  // Live in the mentor's browser, once.
  await expect(
    room(mentor).getByRole('log', { name: 'Messages' }).getByText('Hello from a newcomer'),
  ).toHaveCount(1);

  await mentors(newcomer)
    .getByRole('textbox', { name: 'Your question' })
    .fill('Which issue should I start with?');
  await mentors(newcomer).getByRole('button', { name: 'Ask a mentor' }).click();
  await expect(mentors(newcomer).getByText('Your question is in the room. 1 mentor was told.')).toBeVisible();
  await expect(
    room(mentor).getByRole('log', { name: 'Messages' }).getByText('Which issue should I start with?'),
  ).toBeVisible();
  await expect(bell(mentor)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(mentor).click();
  const told = mentor
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /e2e-room-newcomer asked the mentors of rust-lang\/rust a question/ });
  await expect(told).toHaveAttribute('href', /^\/projects\/rust-lang\/rust#message-\d+$/);

  // Anyone reads the room, signed in or not; posting asks them to sign in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(PROJECT);
  await expect(room(visitor).getByText('Hello from a newcomer')).toBeVisible();
  await expect(room(visitor).getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(room(visitor).getByRole('textbox', { name: 'Message' })).toHaveCount(0);
});
