import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { postGroup, signedIn } from '../support/journeys.js';

/**
 * Notifications: alice owns a private group; bob and carol ask to join, each in a browser of their own. Their
 * requests reach alice's bell and her open page live. Alice approves bob, and bob's bell counts up and his page
 * shows him a member, without a reload; she declines carol with a note, which carol
 * reads in her bell's dropdown and on My requests.
 */
const TITLE = 'E2E Rust CLI';
const NOTE = 'We are full until March, sorry!';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('a decision reaches the requester live, with the owner’s note', async ({ browser }) => {
  const alice = await signedIn(browser, 'e2e-ntf-alice', '/group-projects?post=new');
  const groupUrl = await postGroup(alice, {
    title: TITLE,
    description: 'A small command-line tool in Rust.',
    topic: 'rust',
    visibility: 'private',
  });
  const groupPath = new URL(groupUrl).pathname;
  await expect(bell(alice)).toHaveAccessibleName('Notifications');

  const bob = await signedIn(browser, 'e2e-ntf-bob', groupPath);
  const carol = await signedIn(browser, 'e2e-ntf-carol', groupPath);
  for (const requester of [bob, carol]) {
    await requester.getByRole('button', { name: 'Request to join' }).click();
    await expect(requester.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    await expect(bell(requester)).toHaveAccessibleName('Notifications');
  }
  // Alice's bell counted both requests live, and her page, open since before them, shows them: no reload.
  await expect(bell(alice)).toHaveAccessibleName('Notifications, 2 unread');
  const pending = alice.getByRole('region', { name: 'Pending requests' });
  await expect(pending.getByRole('button', { name: /^Approve / })).toHaveCount(2);
  await pending.getByRole('button', { name: 'Approve e2e-ntf-bob' }).click();
  await expect(alice.getByText('e2e-ntf-bob is now a member.')).toBeVisible();

  // Bob's tab, untouched since, counts up, and his page shows him a member.
  await expect(bell(bob)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bob.getByRole('button', { name: 'Leave' })).toBeVisible();
  await bell(bob).click();
  const bobsPanel = bob.getByRole('region', { name: 'Notifications' });
  const approved = bobsPanel.getByRole('link', {
    name: `e2e-ntf-alice approved your request to join ${TITLE}`,
  });
  await expect(approved).toBeVisible();
  await bob.keyboard.press('Escape');
  await expect(bobsPanel).toBeHidden();
  await expect(bell(bob)).toBeFocused();

  await pending.getByRole('textbox', { name: 'Note to e2e-ntf-carol (optional)' }).fill(NOTE);
  await pending.getByRole('button', { name: 'Reject e2e-ntf-carol' }).click();
  await expect(alice.getByText('You turned down e2e-ntf-carol.')).toBeVisible();

  await expect(bell(carol)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(carol).click();
  const carolsPanel = carol.getByRole('region', { name: 'Notifications' });
  await expect(
    carolsPanel.getByRole('link', { name: `e2e-ntf-alice declined your request to join ${TITLE}` }),
  ).toBeVisible();
  await expect(carolsPanel.getByText(`“${NOTE}”`)).toBeVisible();
  await expectAccessibleInBothThemes(carol, 'the notification dropdown');
  await carolsPanel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(carol)).toHaveAccessibleName('Notifications');

  await carol.goto('/notifications');
  await expect(carol.getByRole('region', { name: 'All notifications' }).getByText(`“${NOTE}”`)).toBeVisible();
  await expectAccessibleInBothThemes(carol, 'the notifications page');

  // My requests keeps the declined request, with when and the note.
  await carol.goto('/my-projects?view=requests');
  const request = carol
    .getByRole('list', { name: 'My requests' })
    .getByRole('listitem')
    .filter({ hasText: TITLE });
  await expect(request).toContainText('Declined');
  await expect(request).toContainText(`“${NOTE}”`);
  await expect(request.getByRole('button', { name: /Cancel request/ })).toHaveCount(0);
});

test('the dropdown fits a phone’s screen, in both themes', async ({ browser }) => {
  const page = await signedIn(browser, 'e2e-ntf-phone', '/', 390);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box, `the panel in the ${colorScheme} theme`).not.toBeNull();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }
});
