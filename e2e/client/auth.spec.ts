import { DEMO_OWNER_OUTLET_SLUGS, DEMO_SHOPPER } from '../../seeds/data/demo-logins.ts';
import { completeLogin, expect, expectErrors, freshPhoneNumber, test, waitForOtp } from '../fixtures.ts';

test('a logged-out shopper taps History, logs in with an OTP and lands on History', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Main' });
  await tabs.getByRole('link', { name: 'History' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle('Login · Bachat');

  await completeLogin(page, DEMO_SHOPPER.phoneNumber);

  await expect(page).toHaveURL(/\/redeemed-history$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Profile: ${DEMO_SHOPPER.name}` })).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'authToken');
  // Set by the server, HttpOnly: no script on the page can read it (docs/auth.md).
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(token!.value);
  expect(visible).toContain('signedIn=1');
  // One day on the web (SPEC §9), give or take the test's own run time.
  expect(token!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  expect(token!.expires * 1000 - Date.now()).toBeLessThan(25 * 3600 * 1000);

  // Logged in, History and Profile go straight to their pages; a reload restores the session.
  await tabs.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: DEMO_SHOPPER.name, level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: DEMO_SHOPPER.name, level: 1 })).toBeVisible();
  await tabs.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/redeemed-history$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
});

test('a wrong OTP shows "Wrong Otp. Try again." and the right one then signs the shopper up', async ({ page }) => {
  const phone = freshPhoneNumber();
  await page.goto('/signup');
  const panel = page.getByRole('dialog', { name: 'Sign up' });
  await panel.getByLabel('Phone Number').fill(phone);
  await panel.getByLabel('Name').fill('Meera Iyer');
  await panel.getByLabel('Email').fill('meera.iyer@example.com');
  const sentAfter = Date.now();
  await panel.getByRole('button', { name: 'Get OTP' }).click();

  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await expect(otpDialog).toContainText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await expect(otpDialog.getByText(/^0:5\d|1:00$/)).toBeVisible();
  const code = await waitForOtp(phone, sentAfter);
  const wrong = code === '000000' ? '111111' : '000000';

  expectErrors(page, [{ status: 400, url: /\/trpc\/auth\.verifyOtp/ }]);
  await otpDialog.getByLabel('6-digit OTP').fill(wrong);
  await otpDialog.getByRole('button', { name: 'SIGNUP' }).click();
  await expect(otpDialog.getByRole('alert')).toHaveText('Wrong Otp. Try again.');

  await otpDialog.getByLabel('6-digit OTP').fill(code);
  await otpDialog.getByRole('button', { name: 'SIGNUP' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Profile: Meera Iyer' })).toBeVisible();
});

test("an unknown phone is told We couldn't find your account. and can switch to sign up", async ({ page }) => {
  expectErrors(page, [{ status: 404, url: /\/trpc\/auth\.login/ }]);
  await page.goto('/login');
  const panel = page.getByRole('dialog', { name: 'Login' });
  await panel.getByLabel('Phone Number').fill(freshPhoneNumber());
  await panel.getByRole('button', { name: 'Get OTP' }).click();
  await expect(panel.getByRole('alert')).toContainText("We couldn't find your account.");
  await panel.getByRole('alert').getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('dialog', { name: 'Sign up' })).toBeVisible();
});

test('the panel closes from the dim backdrop and from the browser back button', async ({ page }) => {
  await page.goto('/events');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await page.mouse.click(8, 400); // the strip of dimmed page left of the panel
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
});

test('over an outlet page the panel closes back to the outlet, and the back icon returns there later', async ({ page }) => {
  const outletPath = `/bengaluru/${DEMO_OWNER_OUTLET_SLUGS[1]}`;
  await page.goto(`${outletPath}/login`);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the outlet page underneath

  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`${outletPath}$`));
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);

  await page.goto('/faqs');
  await page.getByRole('banner').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${outletPath}$`));
});
