import { expect, test, type Page } from '@playwright/test';
import { deliver, issuesEvent } from '../../server/test/support/fake-github/webhooks.js';
import { E2E_WEBHOOK_SECRET } from '../playwright.config.js';

/**
 * GitHub's webhook deliveries keep the finder fresh to the minute: a delivery signed as GitHub's webhook signs it
 * (the fake's helper posts it with GitHub's headers) changes an issue's taken signal on pages already open, with no
 * reload. The demo catalogue's facebook/react gets a real issue of its own first.
 */
const REPO = 'facebook/react';
const TITLE = 'Explain the error about keys in lists';

const row = (page: Page) =>
  page
    .getByRole('list', { name: 'Issues' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: `${TITLE} (opens on GitHub in a new tab)` }) });

test('an assignment on GitHub turns the row taken in an open finder and project page, without a reload', async ({
  page,
  baseURL,
}) => {
  const appUrl = baseURL ?? '';
  const issue = { number: 31_337, title: TITLE, labels: ['good first issue'], createdAt: new Date() };
  const opened = await deliver(appUrl, E2E_WEBHOOK_SECRET, 'issues', issuesEvent(REPO, 'opened', issue));
  expect(opened.status, opened.body).toBe(200);

  await page.goto('/issues?taken=any');
  await expect(row(page).getByText('Not taken', { exact: true })).toBeVisible();
  // Nothing else reloads the page: a navigation would replace this marker.
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

  const assigned = await deliver(
    appUrl,
    E2E_WEBHOOK_SECRET,
    'issues',
    issuesEvent(REPO, 'assigned', { ...issue, assignees: ['ada'] }),
  );
  expect(assigned.status, assigned.body).toBe(200);
  await expect(row(page).getByText('Taken', { exact: true })).toBeVisible();
  await expect(row(page).getByText(/assigned to @ada/)).toBeVisible();
  expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);

  // A project's page follows the same way: unassigned on GitHub, free again there.
  await page.goto(`/projects/${REPO}`);
  await expect(row(page).getByText('Taken', { exact: true })).toBeVisible();
  const unassigned = await deliver(
    appUrl,
    E2E_WEBHOOK_SECRET,
    'issues',
    issuesEvent(REPO, 'unassigned', { ...issue, assignees: [], updatedAt: new Date(Date.now() + 1000) }),
  );
  expect(unassigned.status, unassigned.body).toBe(200);
  await expect(row(page).getByText('Not taken', { exact: true })).toBeVisible();
});
