import { expect, test, type Page } from '@playwright/test';

/**
 * The two lists' controls at 1280x800: every search field's placeholder shows whole, and the group list's
 * filters (Topics, Date posted, Status, Sort by) share one row, with no empty cell beside Sort by.
 */
test.use({ viewport: { width: 1280, height: 800 } });

/** Each text field's placeholder against the room its box leaves for text, in the field's own font. */
async function placeholderFits(page: Page): Promise<{ placeholder: string; fits: boolean }[]> {
  return page.locator('input[placeholder]').evaluateAll((inputs) =>
    inputs
      .filter((input) => input instanceof HTMLInputElement && input.placeholder !== '' && input.offsetParent)
      .map((input) => {
        const field = input as HTMLInputElement;
        const style = getComputedStyle(field);
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return { placeholder: field.placeholder, fits: false };
        context.font = style.font;
        return { placeholder: field.placeholder, fits: context.measureText(field.placeholder).width <= room };
      }),
  );
}

for (const path of ['/', '/group-projects', '/issues']) {
  test(`${path} shows every search placeholder whole`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('input[placeholder]').first()).toBeVisible();
    const fields = await placeholderFits(page);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((field) => !field.fits)).toEqual([]);
  });
}

test('the group filters share one row, Sort by beside Status', async ({ page }) => {
  await page.goto('/group-projects');
  const controls = page.getByRole('group', { name: 'Search, filter and sort groups' });
  const top = async (label: string) => (await controls.getByLabel(label, { exact: true }).boundingBox())?.y;
  const status = await top('Status');
  expect(status).toBeDefined();
  expect(await top('Sort by')).toBe(status);
  expect(await top('Date posted')).toBe(status);
});
