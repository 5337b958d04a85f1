import { DEMO_BUSINESS_OWNER } from '../../seeds/data/demo-logins.ts';
import { expect, signUpInPanel, test } from '../fixtures.ts';

/**
 * SPEC §6: logging in as a business owner removes the shopper's token, and only that. A shopper signed
 * in on the same browser once turned the owner's login into a silent bounce back to the login page.
 */
test('a signed-in shopper logs in as the demo owner → lands in the console and stays; the shopper token is gone', async ({ page, context }) => {
  await page.goto('/signup');
  await signUpInPanel(page, 'Kavya Rao');
  await expect(page.getByRole('link', { name: 'Profile: Kavya Rao' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'authToken')).toBe(true);

  // Every shopper call the page makes from here on, and the cookies it carried.
  const shopperCalls: Promise<{ url: string; cookie: string }>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/') && url.pathname.includes('users.')) {
      shopperCalls.push(request.allHeaders().then((headers) => ({ url: request.url(), cookie: headers.cookie ?? '' })));
    }
  });

  await page.goto('/for-bussiness/login');
  await page.getByLabel('Username').fill(DEMO_BUSINESS_OWNER.username);
  await page.getByLabel('Password').fill(DEMO_BUSINESS_OWNER.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  const consoleUrl = /\/for-bussiness\/promotion-organizer\/regular-offers\/\d+$/;
  await expect(page).toHaveURL(consoleUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Regular offers' })).toBeVisible();
  // The console's own data arrives (the owner's session works) and the page is still the console.
  await expect(page.getByTestId('live-now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(consoleUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Business login' })).toHaveCount(0);

  const cookies = await context.cookies();
  expect(cookies.some((cookie) => cookie.name === 'authToken')).toBe(false);
  expect(cookies.some((cookie) => cookie.name === 'business_auth_token')).toBe(true);
  expect(cookies.some((cookie) => cookie.name === 'businessUserDetails')).toBe(true);
  // No shopper call went out without the shopper's session (it would answer 401).
  for (const call of await Promise.all(shopperCalls)) expect(call.cookie, call.url).toContain('authToken=');

  // A reload keeps the owner in the console (both business cookies, SPEC §4).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Regular offers' })).toBeVisible();
  await expect(page.getByTestId('live-now')).toBeVisible();
  await expect(page).toHaveURL(consoleUrl);
});
