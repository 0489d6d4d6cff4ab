import { expect, test, type Page } from '@playwright/test';

/** The demo catalogue a fresh `npm start` seeds: four of its projects have the topic python. */
const cards = (page: Page) => page.locator('article');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search projects' });

test.use({ viewport: { width: 1280, height: 900 } });

test('searches as the user types with a topic filter on, and Back and reload keep the search', async ({
  page,
}) => {
  await page.goto('/?topics=python');
  await expect(cards(page)).toHaveCount(4);

  // Typed at a person's pace: the list follows once typing pauses.
  await searchBox(page).pressSequentially('djan', { delay: 60 });
  await expect(page).toHaveURL(/\?q=djan&topics=python$/);
  await expect(cards(page)).toHaveCount(1);
  const django = page.getByRole('article', { name: /^Django/ });
  await expect(django).toBeVisible();
  // The matched letters are marked, and the card's name still reads as one word.
  await expect(django.getByRole('heading').locator('mark')).toHaveText('Djan');
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance-desc');
  await expect(page.getByLabel('Sort by').locator('option').first()).toHaveText('Best match');

  // A typo in the name still finds it, searched as the word the catalogue has, and the page says so.
  await searchBox(page).fill('djngo');
  await expect(page).toHaveURL(/\?q=djngo&topics=python$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(django).toBeVisible();
  await expect(page.getByText('Nothing has “djngo”: showing results for django.')).toBeVisible();
  await expect(django.getByRole('heading').locator('mark')).toHaveText('Django');

  // Away and Back: the search, its filter and its results are still there.
  await page.getByRole('banner').getByRole('link', { name: 'Looking for group' }).click();
  await expect(page).toHaveURL(/\/group-projects$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=djngo&topics=python$/);
  await expect(searchBox(page)).toHaveValue('djngo');
  await expect(cards(page)).toHaveCount(1);
  await expect(django).toBeVisible();

  // The address is the state: a reload keeps it too.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('djngo');
  await expect(cards(page)).toHaveCount(1);
  await expect(django).toBeVisible();

  // Clearing the search brings the filtered list back, in its usual order.
  await searchBox(page).fill('');
  await expect(page).toHaveURL(/\/\?topics=python$/);
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByLabel('Sort by').locator('option', { hasText: 'Best match' })).toHaveCount(0);
});

test('a swapped or wrong letter still finds the project meant, in Discover', async ({ page }) => {
  await page.goto('/');
  // Two letters swapped in a short name: most of its trigrams change, yet the word meant is one slip away.
  await searchBox(page).fill('djnago');
  await expect(page).toHaveURL(/\?q=djnago$/);
  await expect(page.getByText('Nothing has “djnago”: showing results for django.')).toBeVisible();
  await expect(cards(page).first()).toHaveAccessibleName(/^Django/);
  // One wrong letter: react, not a shorter word sharing its first letters.
  await searchBox(page).fill('reakt');
  await expect(page.getByText('Nothing has “reakt”: showing results for react.')).toBeVisible();
  await expect(cards(page).first()).toHaveAccessibleName(/^React/);
});
