import { expect, test } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';

/**
 * A new visitor on a fresh `npm start`: Looking for group is not empty. The demo seeds groups around demo
 * projects, with members, each marked Demo; and search engines find the site's pages through robots.txt and the
 * sitemap.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('Looking for group shows the demo’s groups around demo projects, marked Demo', async ({ page }) => {
  await page.goto('/group-projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Looking for group' })).toBeVisible();
  const react = page.getByRole('article', { name: 'First React PRs together' });
  await expect(react).toBeVisible();
  await expect(react.getByTitle(/made-up group of the demo data/)).toHaveText(/^Demo/);
  await expect(react.getByText('3 of 6 members')).toBeVisible();
  await expect(page.getByText('No one is looking for a group yet.')).toHaveCount(0);
  await expectAccessibleInBothThemes(page, 'Looking for group with the demo’s groups');

  // Its page names its people: the owner and the members.
  await react.getByRole('link', { name: 'First React PRs together' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First React PRs together' })).toBeVisible();
  await expect(page.getByText('kofi-demo').first()).toBeVisible();
});

test('robots.txt names the sitemap, which lists the demo projects’ pages', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.ok()).toBe(true);
  const sitemapUrl = /^Sitemap: (.+)$/m.exec(await robots.text())?.[1] ?? '';
  expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
  const index = await page.request.get(new URL(sitemapUrl).pathname);
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
  expect(files.map((file) => new URL(file).pathname)).toEqual([
    '/sitemaps/projects-1.xml',
    '/sitemaps/groups-1.xml',
  ]);
  const projects = await page.request.get('/sitemaps/projects-1.xml');
  expect(projects.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await projects.text()).toContain('/projects/facebook/react</loc>');
});
