import fs from 'node:fs';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Reads the SMS outbox the server writes in e2e runs (`SMS_OUTBOX_FILE`). */
export function readSmsOutbox(): { to: string; text: string; at: string }[] {
  const file = process.env.E2E_SMS_OUTBOX;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Reads the email outbox the server writes in e2e runs (`EMAIL_OUTBOX_FILE`, the default email provider). */
export function readEmailOutbox(): { to: string; subject: string; text: string; html: string; headers?: Record<string, string>; at: string }[] {
  const file = process.env.E2E_EMAIL_OUTBOX;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * The newest OTP texted to `phone` after `sentAfter` (ms since epoch), waiting for it to land in the
 * outbox. Codes are read from the SMS text, never from the database (they are stored hashed).
 */
export async function waitForOtp(phone: string, sentAfter: number, timeoutMs = 10_000): Promise<string> {
  const ten = phone.replace(/\D/g, '').slice(-10);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = readSmsOutbox()
      .filter((sms) => sms.to.replace(/\D/g, '').endsWith(ten) && Date.parse(sms.at) >= sentAfter - 1000)
      .map((sms) => /\b(\d{6})\b/.exec(sms.text)?.[1])
      .filter((code): code is string => Boolean(code))
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No OTP for ${ten} in the SMS outbox`);
}

/**
 * Completes the login panel that is already open: phone → Get OTP → the code from the outbox → LOGIN.
 * The resend rule allows one code per phone per 60 s, so when another test texted this phone a moment
 * ago the panel says to wait; then this waits and asks again.
 */
export async function completeLogin(page: Page, phoneNumber: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Login' });
  await panel.getByLabel('Phone Number').fill(phoneNumber);
  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  const wait = panel.getByText(/^Please wait \d+ seconds? before asking for another OTP\.$/);
  let sentAfter = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    sentAfter = Date.now();
    await panel.getByRole('button', { name: 'Get OTP' }).click();
    await expect(otpDialog.or(wait)).toBeVisible();
    if (await otpDialog.isVisible()) break;
    if (attempt > 15) throw new Error('The OTP resend wait did not end');
    await page.waitForTimeout(5_000);
  }
  await otpDialog.getByLabel('6-digit OTP').fill(await waitForOtp(phoneNumber, sentAfter));
  await otpDialog.getByRole('button', { name: 'LOGIN' }).click();
  await expect(panel).toBeHidden();
}

/** Completes the Sign up panel (already open) for a new shopper with a fresh phone number. */
export async function signUpInPanel(page: Page, name: string): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Sign up' });
  const phone = freshPhoneNumber();
  await panel.getByLabel('Phone Number').fill(phone);
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  const sentAfter = Date.now();
  await panel.getByRole('button', { name: 'Get OTP' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter OTP' });
  await otpDialog.getByLabel('6-digit OTP').fill(await waitForOtp(phone, sentAfter));
  await otpDialog.getByRole('button', { name: 'SIGNUP' }).click();
  await expect(panel).toBeHidden();
}

/** Logs a shopper in through the real UI, starting at `path` (a /login path). */
export async function loginAsUser(page: Page, phoneNumber: string, { path = '/login' } = {}): Promise<void> {
  await page.goto(path);
  await completeLogin(page, phoneNumber);
}

/**
 * Signs a shopper in without the UI, the way the app does it but through the browser context's own
 * request client, which shares the context's cookie jar: the verify answer's Set-Cookie lines put the
 * HttpOnly `authToken` and the `signedIn` flag into the browser exactly as a login in the page would
 * (docs/auth.md "Sessions in the browser"). Asks for a login code, or signs the number up when it has
 * no account; the code is read from the SMS outbox. Journeys that are not about signing in use this.
 */
export async function signInByApi(
  context: BrowserContext,
  { phoneNumber = freshPhoneNumber(), name = 'Kavya Rao' }: { phoneNumber?: string; name?: string } = {},
): Promise<{ phoneNumber: string; name: string }> {
  const app = { 'X-Bachat-App': '1' };
  const sentAfter = Date.now();
  let asked = await context.request.post('/api/onboarding/login', { data: { phoneNumber }, headers: app });
  if (asked.status() === 404) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    asked = await context.request.post('/api/onboarding/signup', { data: { phoneNumber, name, email }, headers: app });
  }
  expect(asked.status(), await asked.text()).toBe(200);
  const { userId } = (await asked.json()) as { userId: number };
  const verified = await context.request.post('/api/onboarding/verifyOtp', {
    data: { userId, otp: await waitForOtp(phoneNumber, sentAfter) },
    headers: app,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'authToken')).toMatchObject({ httpOnly: true });
  expect(cookies.find((c) => c.name === 'signedIn')).toMatchObject({ value: '1', httpOnly: false });
  return { phoneNumber, name: ((await verified.json()) as { userDetails: { NAME: string } }).userDetails.NAME };
}

/** A phone number no seeded shopper has (10 digits starting 7), different on every call. */
let phoneCounter = 0;
export function freshPhoneNumber(): string {
  phoneCounter += 1;
  return `7${String(Date.now() * 10 + phoneCounter).slice(-9)}`;
}

export const test = base;
export { expect };
