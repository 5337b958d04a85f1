import { expect, test } from '../fixtures.ts';
import { CATEGORIES } from '../../seeds/data/categories.ts';

test('a shopper opens the home page and sees the categories from the database', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Bachat/);
  for (const category of CATEGORIES.slice(0, 4)) {
    await expect(page.getByRole('button', { name: new RegExp(category.name) }).first()).toBeVisible();
  }
});
