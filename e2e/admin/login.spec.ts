import { expect, test } from '../fixtures.ts';
import { DEMO_SALES } from '../../seeds/data/demo-logins.ts';

test('sales staff see the back-office login, sign in and see the categories', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Username' }).fill(DEMO_SALES.username);
  await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_SALES.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: /Categories/ }).click();
  await expect(page.getByRole('cell', { name: 'Restaurants', exact: true })).toBeVisible();
});
