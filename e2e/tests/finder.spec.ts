import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { signedIn } from '../support/journeys.js';

/**
 * Find an issue, on the demo catalogue a fresh `npm start` seeds: each demo project has five made-up beginner
 * issues, in every taken state (free, assigned, an open pull request, a claim comment, claimed on OpenLFG).
 */
const rows = (page: Page) => page.getByRole('list', { name: 'Issues' }).getByRole('article');
const takenMarker = (scope: Locator) => scope.getByText('Taken', { exact: true });
const freeMarker = (scope: Locator) => scope.getByText('Not taken', { exact: true });
const notTaken = (page: Page) => page.getByRole('checkbox', { name: 'Not taken' });

/** Turns "not taken" on or off. The box follows the address, so it changes once the list's new address is set. */
async function setNotTaken(page: Page, on: boolean) {
  await notTaken(page).click();
  if (on) await expect(notTaken(page)).toBeChecked();
  else await expect(notTaken(page)).not.toBeChecked();
}

/** The row whose title link starts with `title`. */
const row = (page: Page, title: string) =>
  rows(page).filter({ has: page.getByRole('link', { name: `${title} (opens on GitHub in a new tab)` }) });

/** Narrows the finder to the project of its first row, and answers that address. */
async function narrowToFirstProject(page: Page): Promise<string> {
  await rows(page)
    .first()
    .getByRole('link', { name: /show only its issues/ })
    .click();
  await expect(page).toHaveURL(/project=\d+/);
  await expect(page.getByText(/^Project: /)).toBeVisible();
  return new URL(page.url()).search;
}

/** The title of a row's issue, without what screen readers also hear. */
async function titleOf(issue: Locator): Promise<string> {
  const link = issue.getByRole('heading', { level: 3 }).getByRole('link');
  return link.evaluate((element) => element.firstChild?.textContent ?? '');
}

test.describe('the finder on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('is reachable from the bar; "not taken" hides the issues someone is on, and the address keeps it', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find an issue' }).click();
    await expect(page).toHaveURL('/issues');
    await expect(page.getByRole('heading', { level: 1, name: 'Find an issue' })).toBeVisible();
    await expect(notTaken(page)).toBeChecked();
    await expect(rows(page).first()).toBeVisible();
    // On by default: every row says nobody is on it.
    await expect(takenMarker(page.getByRole('list', { name: 'Issues' }))).toHaveCount(0);
    await expectAccessibleInBothThemes(page, 'the finder, loaded');

    // One project's five issues: with "not taken" off, the taken ones show, each with its reason.
    await setNotTaken(page, false);
    await expect(page).toHaveURL(/taken=any/);
    const search = await narrowToFirstProject(page);
    await expect(rows(page)).toHaveCount(5);
    const taken = await takenMarker(page.getByRole('list', { name: 'Issues' })).count();
    expect(taken).toBeGreaterThanOrEqual(3);
    await expect(page.getByText(/^assigned to @\S+ .*no pull request$/).first()).toBeVisible();
    await expect(page.getByText(/^pull request #\d+ opened /).first()).toBeVisible();

    // Back on: only the free ones are left.
    await setNotTaken(page, true);
    await expect(rows(page)).toHaveCount(5 - taken);
    await expect(takenMarker(page.getByRole('list', { name: 'Issues' }))).toHaveCount(0);
    for (const issue of await rows(page).all()) await expect(freeMarker(issue)).toBeVisible();

    // Back undoes the change; a reload keeps the filters.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${search.replace('?', '\\?')}$`));
    await expect(notTaken(page)).not.toBeChecked();
    await page.reload();
    await expect(rows(page)).toHaveCount(5);
    await expect(notTaken(page)).not.toBeChecked();
  });

  test('says when nothing matches, and when the issues could not be loaded', async ({ page }) => {
    await page.goto('/issues?label=starter&updated=7');
    await expect(page.getByText('No issues match: try removing a filter.')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the finder, nothing matches');
    await page
      .getByRole('region', { name: 'Issue results' })
      .getByRole('button', { name: 'Clear filters' })
      .click();
    await expect(page).toHaveURL('/issues');
    await expect(rows(page).first()).toBeVisible();

    await page.route('**/api/issues', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The service is unavailable.' } }),
      }),
    );
    await page.goto('/issues?sort=fewest_comments');
    const alert = page.getByRole('alert');
    await expect(alert.getByText('The issues could not be loaded.')).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the finder, failed to load');
    await page.unroute('**/api/issues');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(rows(page).first()).toBeVisible();
  });

  test("says one thing at a time when the list is empty, and shows the quiet projects' issues on request", async ({
    page,
  }) => {
    // Filters that leave nothing: said once, never beside "no issues in the catalogue".
    await page.goto('/issues?label=starter&updated=7');
    await expect(page.getByText('No issues match: try removing a filter.')).toHaveCount(1);
    await expect(page.getByText('There are no open beginner issues in the catalogue right now.')).toHaveCount(
      0,
    );

    // A catalogue whose every project is quiet (no push in 90 days): the finder's first answer is empty and
    // counts what the freshness rule hid. Answered here as such a catalogue would; the demo's projects are fresh.
    await page.route('**/api/issues', async (route) => {
      const body = route.request().postDataJSON() as { includeQuiet?: boolean };
      if (body.includeQuiet) return route.fallback();
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: [], nextCursor: null, sort: 'newest', hiddenQuiet: 222 }),
      });
    });
    await page.goto('/issues');
    const results = page.getByRole('region', { name: 'Issue results' });
    await expect(
      results.getByText('222 issues are hidden because their projects had no push in 90 days.'),
    ).toBeVisible();
    await expect(results.getByText('No issues match: try removing a filter.')).toHaveCount(0);
    await expect(
      results.getByText('There are no open beginner issues in the catalogue right now.'),
    ).toHaveCount(0);
    await expectAccessibleInBothThemes(page, 'the finder, issues hidden as quiet');

    const asked = page.waitForRequest(
      (request) => request.url().endsWith('/api/issues') && request.postDataJSON()?.includeQuiet === true,
    );
    await results.getByRole('button', { name: 'Show them' }).click();
    await asked;
    await expect(page).toHaveURL('/issues?quiet=show');
    await expect(page.getByRole('checkbox', { name: 'Include quiet projects' })).toBeChecked();
    await expect(rows(page).first()).toBeVisible();
    await page.unroute('**/api/issues');

    // The switch is a filter: Clear filters turns it off.
    await page
      .getByRole('group', { name: 'Filter and sort issues' })
      .getByRole('button', { name: 'Clear filters' })
      .click();
    await expect(page).toHaveURL('/issues');
    await expect(page.getByRole('checkbox', { name: 'Include quiet projects' })).not.toBeChecked();
  });

  test('asks an anonymous visitor to sign in before claiming', async ({ page }) => {
    await page.goto('/issues');
    await rows(page)
      .first()
      .getByRole('button', { name: /^I’m working on this/ })
      .click();
    const login = page.getByRole('dialog', { name: 'Sign in to continue' });
    await expect(login).toBeVisible();
    await expectAccessibleInBothThemes(page, 'the finder, sign in to claim');
  });

  test('claims an issue, a second user sees it claimed, and the claim is released', async ({ browser }) => {
    const claimer = await signedIn(browser, 'e2e-claimer', '/issues');
    await expect(rows(claimer).first()).toBeVisible();
    const search = await narrowToFirstProject(claimer);
    const issue = rows(claimer).first();
    const title = await titleOf(issue);
    await expect(issue.getByRole('checkbox', { name: /Also say so on GitHub/ })).not.toBeChecked();

    // Claimed: the row says so at once, and keeps its place while the list hides taken issues.
    await issue.getByRole('button', { name: /^I’m working on this/ }).click();
    const mine = row(claimer, title);
    await expect(mine.getByText(/^You are working on this until /)).toBeVisible();
    await expect(mine.getByText(/^claimed on OpenLFG by @e2e-claimer/)).toBeVisible();
    await expect(mine.getByRole('button', { name: /^Release/ })).toBeVisible();
    await expectAccessibleInBothThemes(claimer, 'the finder, an issue claimed');

    // A second user sees it claimed, and "not taken" hides it from them.
    const watcher = await signedIn(browser, 'e2e-watcher', `/issues${search}`);
    await expect(rows(watcher).first()).toBeVisible();
    await expect(row(watcher, title)).toHaveCount(0);
    await setNotTaken(watcher, false);
    const seen = row(watcher, title);
    await expect(takenMarker(seen)).toBeVisible();
    await expect(seen.getByText(/^claimed on OpenLFG by @e2e-claimer/)).toBeVisible();
    await expect(seen.getByRole('button', { name: /^I’m working on this/ })).toBeVisible();

    // The claim is in My claims, where its owner releases it.
    await claimer
      .getByRole('navigation', { name: 'Issue finder views' })
      .getByRole('link', { name: 'My claims' })
      .click();
    await expect(claimer).toHaveURL('/issues?view=claims');
    const claims = claimer.getByRole('list', { name: 'My claims' });
    await expect(claims.getByRole('article')).toHaveCount(1);
    await expectAccessibleInBothThemes(claimer, 'My claims');
    await claims.getByRole('button', { name: /^Release/ }).click();
    await expect(claimer.getByText(`You released “${title}”.`)).toBeVisible();
    await expect(claimer.getByText('You are not working on any issue yet.')).toBeVisible();

    // Free again for everyone.
    await watcher.reload();
    await expect(freeMarker(row(watcher, title))).toBeVisible();
    await setNotTaken(watcher, true);
    await expect(row(watcher, title)).toHaveCount(1);
  });
});

test.describe('the finder on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('opens from the side menu and fits the screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Find an issue' }).click();
    await expect(page).toHaveURL('/issues');
    await expect(rows(page).first()).toBeVisible();
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(page, 'the finder on a phone');

    // The first issue's claim button is reachable with the keyboard.
    const claim = rows(page)
      .first()
      .getByRole('button', { name: /^I’m working on this/ });
    await claim.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Sign in to continue' })).toBeVisible();
  });
});
