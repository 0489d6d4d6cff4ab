import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleInBothThemes } from '../support/axe.js';
import { signedIn } from '../support/journeys.js';

/**
 * A project's page, as a newcomer reaches it: from Discover's card to the page, a group started there (the
 * post form filled with the project) shows under Groups around it, and "I'd like to contribute here" puts the
 * person under People here, for other signed-in users to see.
 */
const PROJECT = 'Django';
const GROUP_TITLE = 'E2E Django newcomers';

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('from Discover to a project page: a group around it and the people here', async ({ browser }) => {
  const ada = await signedIn(browser, 'e2e-pp-ada', '/?q=django');

  // Discover's card leads to the project's page.
  await ada.getByRole('article', { name: PROJECT }).getByRole('link', { name: PROJECT, exact: true }).click();
  await expect(ada).toHaveURL(/\/projects\/django\/django$/);
  await expect(ada.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(ada.getByRole('list', { name: 'Issues' })).toBeVisible();
  const projectUrl = ada.url();

  // "Start a group for this project": the post form opens filled with the repository, topics and a title.
  await ada.getByRole('link', { name: 'Start a group for this project' }).click();
  const form = ada.getByRole('dialog', { name: 'Post a group project' });
  await expect(form.getByLabel('Title')).toHaveValue(`Contributing to ${PROJECT} together`);
  await expect(form.getByLabel('or type a GitHub URL')).toHaveValue('https://github.com/django/django');
  await form.getByLabel('Title').fill(GROUP_TITLE);
  await form.getByLabel('Description').fill('We take first Django issues together, one a week.');
  await form.getByRole('button', { name: 'Post group' }).click();
  await expect(ada.getByRole('heading', { level: 1, name: GROUP_TITLE })).toBeVisible();

  // The group's page leads back to the project, which lists the group around it.
  await ada.getByRole('link', { name: 'Project: django/django' }).click();
  await expect(ada).toHaveURL(projectUrl);
  await expect(section(ada, 'Groups around it').getByRole('article', { name: GROUP_TITLE })).toBeVisible();

  // "I'd like to contribute here": Ada shows under People here.
  const toggle = section(ada, 'People here').getByRole('button', { name: "I'd like to contribute here" });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(section(ada, 'People here').getByRole('link', { name: /@e2e-pp-ada/ })).toBeVisible();
  await expectAccessibleInBothThemes(ada, "a project's page with a group and a person");

  // Another signed-in user sees her there; a visitor who is not signed in sees how many, not who.
  const lin = await signedIn(browser, 'e2e-pp-lin', '/projects/django/django');
  await expect(section(lin, 'People here').getByRole('link', { name: /@e2e-pp-ada/ })).toBeVisible();
  await expect(section(lin, 'Groups around it').getByRole('article', { name: GROUP_TITLE })).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/projects/django/django');
  await expect(
    section(visitor, 'People here').getByText(/1 person who would like to contribute/),
  ).toBeVisible();
  await expect(section(visitor, 'People here').getByRole('link', { name: /@e2e-pp-ada/ })).toHaveCount(0);
});
