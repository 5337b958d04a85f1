import { expect, signInSales, test } from '../fixtures.ts';
import { DEMO_SALES } from '../../seeds/data/demo-logins.ts';

/**
 * One sales journey: sign in → create an outlet → create the owner account for it → the audit log
 * shows both changes → the new owner logs in at /for-bussiness/login and sees the outlet.
 */
test('sales creates an outlet and its owner; both show in the audit log; the owner logs in', async ({ page, context }) => {
  const suffix = Date.now().toString(36);
  const outletName = `Filter Coffee House ${suffix}`;
  const username = `fch.${suffix}`;

  await signInSales(context);
  await page.goto('./');

  // Outlet
  await page.getByRole('menuitem', { name: 'Outlets' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page.getByText('New outlet')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(outletName);
  await page.getByLabel('Category', { exact: true }).fill('Restaurants');
  await page.getByRole('option', { name: 'Restaurants', exact: true }).click();
  await page.getByLabel('City', { exact: true }).fill('Bengaluru');
  await page.getByRole('option', { name: 'Bengaluru', exact: true }).click();
  await page.getByLabel('Address', { exact: true }).fill('12, 4th Cross, CMH Road');
  await page.getByLabel('Locality', { exact: true }).fill('Indiranagar');
  await page.getByLabel('State', { exact: true }).fill('Karnataka');
  await page.getByLabel('PIN code').fill('560038');
  await page.getByLabel('Latitude').fill('12.9784');
  await page.getByLabel('Longitude').fill('77.6408');
  await page.getByLabel('Opens at').fill('07:30');
  await page.getByLabel('Closes at').fill('22:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Outlet: ${outletName}`)).toBeVisible();

  // Owner for it
  await page.getByRole('menuitem', { name: 'Business owners' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  // Wait for the form: until then the list's "Sort by username" header also answers to "Username".
  await expect(page.getByRole('heading', { name: 'New business owner' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Initial password').fill('Coffee@2026');
  await page.getByLabel('Name', { exact: true }).fill('Meera Iyer');
  await page.getByLabel('Phone number').fill('9845076543');
  await page.getByLabel('Designation').fill('Proprietor');
  await page.getByLabel('Outlets').fill('Filter Coffee House');
  await page.getByRole('option', { name: outletName }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Business owner: ${username}`)).toBeVisible();
  // Granted (chip) and owned (the related list under "Outlets it owns").
  await expect(page.getByRole('link', { name: outletName })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(outletName) })).toBeVisible();

  // The audit log shows both changes, newest first, by the signed-in staff member.
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('business-owners');
  await expect(rows.nth(1)).toContainText(DEMO_SALES.name);
  await expect(rows.nth(1)).toContainText('Create');
  await expect(rows.nth(2)).toContainText('outlets');
  await rows.nth(2).click();
  await expect(page.getByRole('table', { name: 'Changes' })).toContainText(outletName);

  // The new owner logs in on the business login page and sees the outlet.
  await page.goto(new URL('/for-bussiness/login', page.url()).href);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Coffee@2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/for-bussiness\/promotion-organizer\/regular-offers\/\d+$/);
  await expect(page.getByText(outletName).first()).toBeVisible();
});
