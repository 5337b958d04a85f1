import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, freshPhoneNumber, readSmsOutbox, test, waitForOtp } from '../fixtures.ts';
import { hi, hiTag } from '../hindi.ts';
import { DEMO_BUSINESS_OWNER } from '../../seeds/data/demo-logins.ts';

/**
 * Hindi (issue 17): a shopper switches the language in the top bar before signing up, signs up (the OTP
 * SMS comes in Hindi), pays a bill on the sandbox checkout and reads the receipt in Hindi; the choice
 * is kept on the account and in the `lang` cookie. Screens are captured at 360 px (and the receipt at
 * 1280 px) into test-results/screens/.
 */
test.use({
  geolocation: { latitude: 12.9716, longitude: 77.5946 },
  permissions: ['geolocation'],
});

const screens = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'test-results', 'screens');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });
const DEVANAGARI = /[\u0900-\u097F]/;

test('switch to Hindi → sign up → pay a bill → the receipt, all in Hindi', async ({ page, context }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');

  // The switch names the other language in its own script.
  await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: hi('Find savings near you') })).toBeVisible();
  await expect(page.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('hi');
  const outlets = page.getByRole('list', { name: hi('Outlets') });
  await expect(outlets.getByRole('article').first()).toBeVisible();
  // The filters and sort (issue 16) speak Hindi too; a filter goes to the URL as before.
  const filters = page.getByRole('group', { name: hi('Filters and sort') });
  await expect(filters.getByRole('combobox', { name: hi('Sort by') })).toBeVisible();
  await filters.getByRole('button', { name: hi('Veg only') }).click();
  await expect(page).toHaveURL(/\?veg=1$/);
  await expect(filters.getByRole('button', { name: hi('Clear filters ({count})', { count: '1' }) })).toBeVisible();
  await shot(page, 'hi-home-360');
  await filters.getByRole('button', { name: hi('Clear filters ({count})', { count: '1' }) }).click();
  await expect(page).toHaveURL(/\/$/);

  // A reload keeps Hindi (the cookie), before any sign-in.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: hi('Find savings near you') })).toBeVisible();

  // The nearest outlet, in Hindi.
  const card = page.getByRole('list', { name: hi('Outlets') }).getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: hi('Pay Bill') }).first()).toBeVisible();
  await shot(page, 'hi-outlet-360');

  // Pay Bill → sign up, in Hindi; the OTP SMS is in Hindi too.
  await page.getByRole('link', { name: hi('Pay Bill') }).first().click();
  const login = page.getByRole('dialog', { name: hi('Login') });
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: hiTag('New to Bachat? <0>Create an account</0>') }).click();
  const signup = page.getByRole('dialog', { name: hi('Sign up') });
  const phone = freshPhoneNumber();
  await signup.getByLabel(hi('Phone Number')).fill(phone);
  await signup.getByLabel(hi('Name')).fill('Kavya Sharma');
  await signup.getByLabel(hi('Email')).fill('kavya.sharma@example.com');
  await shot(page, 'hi-signup-360');
  const sentAfter = Date.now();
  await signup.getByRole('button', { name: hi('Get OTP') }).click();
  const code = await waitForOtp(phone, sentAfter);
  const sms = readSmsOutbox().filter((m) => m.to.endsWith(phone.slice(-10)) && m.text.includes(code)).at(-1)!;
  expect(sms.text).toMatch(DEVANAGARI);
  const otp = page.getByRole('dialog', { name: hi('Enter OTP') });
  await otp.getByLabel(hi('6-digit OTP')).fill(code);
  await shot(page, 'hi-otp-360');
  await otp.getByRole('button', { name: hi('SIGNUP') }).click();
  await expect(signup).toBeHidden();

  // ₹1,000, the breakdown, the sandbox checkout.
  const amount = page.getByLabel(hi('Enter the final bill amount'));
  await amount.fill('1000');
  await expect(amount).toHaveValue('1,000');
  await page.getByRole('button', { name: hi('Continue') }).click();
  const breakdown = page.getByLabel(hi('Bill breakdown'));
  await expect(breakdown).toContainText(hi('Bill amount'));
  await expect(breakdown).toContainText('₹1,000.00');
  await shot(page, 'hi-breakdown-360');
  const toPay = (await page.getByTestId('amount-to-pay').textContent())!;
  await page.getByRole('button', { name: hi('Pay {toPay}', { toPay }) }).click();
  await expect(page).toHaveURL(/\/payment-demo\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: hi('Paying {outlet}', { outlet: name }) })).toBeVisible();
  await shot(page, 'hi-checkout-360');
  await page.getByRole('button', { name: hi('Pay {amount}', { amount: toPay }) }).click();

  // The receipt, in Hindi.
  await expect(page).toHaveURL(/\/payment-success\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: hi('Payment successful') })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText(toPay);
  await expect(page.getByTestId('receipt-saved')).toContainText(hi('You saved {saved}').split('{saved}')[0]!.trim());
  await expect(page.getByLabel(hi('Receipt'))).toContainText(name);
  await expect(page.getByLabel(hi('Receipt'))).toContainText(hi('Receipt ID'));
  await shot(page, 'hi-receipt-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'hi-receipt-1280');
  await page.setViewportSize({ width: 360, height: 800 });

  // /settings shows the choice (it is also stored on the account: server/modules/users tests).
  await page.goto('/settings');
  await expect(page.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
  await shot(page, 'hi-settings-360');
});

test('the top bar switches back to English, and English is the same words as before', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByRole('heading', { level: 1, name: 'Find savings near you' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await shot(page, 'en-home-360');
});

test("an owner's console in Hindi: the login, the schedule and the revenue dashboard", async ({ page }) => {
  await page.goto('/for-bussiness/login');
  await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: hi('Business login') })).toBeVisible();
  await page.getByLabel(hi('Username')).fill(DEMO_BUSINESS_OWNER.username);
  await page.getByLabel(hi('Password')).fill(DEMO_BUSINESS_OWNER.password);
  await shot(page, 'hi-business-login-360');
  await page.getByRole('button', { name: hi('Log in') }).click();
  await expect(page).toHaveURL(/\/for-bussiness\/promotion-organizer\/regular-offers\/\d+$/);
  const outletId = /\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1, name: hi('Regular offers') })).toBeVisible();
  await shot(page, 'hi-business-regular-360');
  await page.goto(`/for-bussiness/dashboard/revenue/${outletId}`);
  await expect(page.getByRole('heading', { level: 1, name: hi('Revenue') })).toBeVisible();
  await shot(page, 'hi-business-revenue-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'hi-business-revenue-1280');
  // The choice is stored on the owner's account: back to English, so later journeys log in to an
  // English console.
  await page.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible();
});
