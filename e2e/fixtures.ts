import fs from 'node:fs';
import { test as base, expect, type APIResponse, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import {
  APP_REQUEST_HEADER,
  BUSINESS_DETAILS_COOKIE,
  BUSINESS_SESSION_COOKIE,
  SHOPPER_SESSION_COOKIE,
  SHOPPER_SIGNED_IN_COOKIE,
} from '../server/modules/sessions/schema.ts';
import { BUSINESS_COOKIE_MAX_AGE, detailsFromLogin, type BusinessUserDetails } from '../client/features/business/lib/session.ts';
import type { BusinessLoginResult } from '../server/modules/business-auth/schema.ts';
import { DEMO_BUSINESS_OWNER, DEMO_SALES } from '../seeds/data/demo-logins.ts';

/**
 * The journeys' shared fixtures (CONVENTIONS §M, docs/testing.md):
 *
 * - Every test is watched: a console error, an uncaught page error, a CSP violation, a same-origin
 *   response ≥ 400 or horizontal overflow at the viewport width fails it after it ran, with what was
 *   seen. A test that expects one of them says so with `expectErrors()`.
 * - Journeys sign in through `signInShopper` / `signInOwner` / `signInSales`, which create the session
 *   through the real API (the server holds the database) and put it where the app reads it; only the
 *   journeys about the sign-in screens type an OTP or a password.
 */

/** The app's origin in this run (playwright.config.ts fixes the port in the environment). */
export const APP_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? '3100'}`;

// ---------------------------------------------------------------------------------------------
// What the browser reports

/** An error a test expects: a same-origin response (`status`, and `url`), or a console/page error (`message`). */
export interface ExpectedError {
  status?: number;
  url?: RegExp;
  message?: RegExp;
  /** It may or may not happen (a race the test does not control). Otherwise an expected error that never came fails the test. */
  optional?: boolean;
}

type ProblemKind = 'console error' | 'page error' | 'CSP violation' | 'response' | 'horizontal overflow';

interface Problem {
  kind: ProblemKind;
  text: string;
  /** The page's address when it happened (the response's own for a response). */
  url: string;
  status?: number;
  context: BrowserContext;
}

interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  documentURL: string;
}

const sameOrigin = (url: string) => {
  try {
    return new URL(url).origin === APP_ORIGIN;
  } catch {
    return false;
  }
};

/** Chromium's console line for a resource that answered ≥ 400; the response itself is judged instead. */
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of \d+/;

/** The page's horizontal overflow beyond its configured viewport width, with the elements that stick out; null when none. */
async function overflowOf(page: Page): Promise<string | null> {
  const width = page.viewportSize()?.width;
  if (!width || page.isClosed()) return null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await page.evaluate((width) => {
        const scrollWidth = document.documentElement.scrollWidth;
        if (scrollWidth <= width) return null;
        const wide = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 1);
        const leaves = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
        const name = (el: Element) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
            .slice(0, 3)
            .map((c) => `.${c}`)
            .join('')}`;
        const sticking = leaves.slice(0, 5).map((el) => `${name(el)} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
        return `the page is ${scrollWidth} px wide at a ${width} px viewport; sticking out: ${sticking.join(', ') || '—'}`;
      }, width);
    } catch (error) {
      // A navigation in progress destroys the context: look again once it has loaded.
      if (attempt > 2 || page.isClosed()) return null;
      if (!/context was destroyed|navigat/i.test(String(error))) throw error;
      await page.waitForLoadState('load').catch(() => undefined);
    }
  }
}

/** Watches every page of the contexts it is given and judges what they saw when the test ends. */
class BrowserWatch {
  readonly problems: Problem[] = [];
  private readonly expected = new Map<BrowserContext, ExpectedError[]>();
  private readonly contexts = new Set<BrowserContext>();

  async watch(context: BrowserContext): Promise<void> {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    watches.set(context, this);
    const add = (problem: Omit<Problem, 'context'>) => this.problems.push({ ...problem, context });
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url;
      if (FAILED_RESOURCE.test(message.text()) && sameOrigin(where)) return;
      add({ kind: 'console error', text: message.text(), url: message.page()?.url() ?? where });
    });
    context.on('weberror', (error) => add({ kind: 'page error', text: String(error.error()), url: error.page()?.url() ?? '' }));
    context.on('response', (response) => {
      if (response.status() < 400 || !sameOrigin(response.url())) return;
      const request = response.request();
      add({ kind: 'response', status: response.status(), text: `${request.method()} ${response.url()} → ${response.status()}`, url: response.url() });
    });
    await context.exposeBinding('__bachatCspViolation', ({ page }, v: CspViolation) => {
      add({ kind: 'CSP violation', text: `${v.directive} blocked ${v.blocked || 'inline'} (${v.source || v.documentURL}) ${v.sample}`.trim(), url: page?.url() ?? v.documentURL });
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __bachatCspViolation?: (v: unknown) => void }).__bachatCspViolation;
        report?.({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : '',
          sample: e.sample,
          documentURL: e.documentURI,
        });
      });
    });
  }

  expect(context: BrowserContext, errors: readonly ExpectedError[]): void {
    this.expected.set(context, [...(this.expected.get(context) ?? []), ...errors]);
  }

  /** Records the page's horizontal overflow now, if it has any. */
  async checkOverflow(page: Page): Promise<void> {
    const overflow = await overflowOf(page);
    if (overflow) this.problems.push({ kind: 'horizontal overflow', text: overflow, url: page.url(), context: page.context() });
  }

  /** The problems nobody expected, and the expected errors that never came. */
  async verdict(): Promise<string[]> {
    for (const context of this.contexts) {
      for (const page of context.pages()) await this.checkOverflow(page).catch(() => undefined);
    }
    const seen = new Set<ExpectedError>();
    const unexpected = this.problems.filter((problem) => {
      const match = (this.expected.get(problem.context) ?? []).find((e) => matches(e, problem));
      if (match) seen.add(match);
      return !match;
    });
    const lines = unexpected.map((p) => `${p.kind}: ${p.text}${p.kind === 'response' ? '' : ` (at ${p.url})`}`);
    for (const list of this.expected.values()) {
      for (const e of list) if (!e.optional && !seen.has(e)) lines.push(`expected but not seen: ${describeExpected(e)}`);
    }
    return [...new Set(lines)];
  }
}

function matches(expected: ExpectedError, problem: Problem): boolean {
  if (problem.kind === 'response') {
    return expected.status === problem.status && expected.message === undefined && (expected.url?.test(problem.url) ?? true);
  }
  if (problem.kind === 'console error' || problem.kind === 'page error') {
    return expected.status === undefined && expected.message !== undefined && expected.message.test(problem.text);
  }
  return false; // CSP violations and overflow are never acceptable
}

const describeExpected = (e: ExpectedError) =>
  [e.status && `status ${e.status}`, e.url && `url ${e.url}`, e.message && `message ${e.message}`].filter(Boolean).join(', ');

const watches = new WeakMap<BrowserContext, BrowserWatch>();

function watchOf(target: Page | BrowserContext): BrowserWatch {
  const context = 'context' in target && typeof target.context === 'function' ? (target as Page).context() : (target as BrowserContext);
  const watch = watches.get(context);
  if (!watch) throw new Error('This browser context is not watched: make it with the test’s `browser` or `context` fixture');
  return watch;
}

/**
 * Declares errors the test expects on this page's browser context, e.g.
 * `expectErrors(page, [{ status: 401, url: /\/trpc\/businessAuth\.login/ }])`. Anything else still fails the test.
 */
export function expectErrors(target: Page | BrowserContext, errors: readonly ExpectedError[]): void {
  watchOf(target).expect('context' in target && typeof target.context === 'function' ? (target as Page).context() : (target as BrowserContext), errors);
}

/** Checks the page for horizontal overflow now (the watch checks every open page when the test ends). */
export async function checkOverflow(page: Page): Promise<void> {
  await watchOf(page).checkOverflow(page);
}

// ---------------------------------------------------------------------------------------------
// Signing in without the sign-in screens

/** The lines of an outbox file the e2e server writes (one JSON object a line); none before the first. */
function readOutbox<T>(file: string | undefined): T[] {
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** Reads the SMS outbox the server writes in e2e runs (`SMS_OUTBOX_FILE`). */
export function readSmsOutbox(): { to: string; text: string; at: string }[] {
  return readOutbox(process.env.E2E_SMS_OUTBOX);
}

/** Reads the email outbox the server writes in e2e runs (`EMAIL_OUTBOX_FILE`, the default email provider). */
export function readEmailOutbox(): { to: string; subject: string; text: string; html: string; headers?: Record<string, string>; at: string }[] {
  return readOutbox(process.env.E2E_EMAIL_OUTBOX);
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

/** A phone number no seeded shopper has (10 digits starting 7), different on every call. */
let phoneCounter = 0;
export function freshPhoneNumber(): string {
  phoneCounter += 1;
  return `7${String(Date.now() * 10 + phoneCounter).slice(-9)}`;
}

async function jsonOf<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The cookie as the client writes it (client/lib/cookies.ts: URI-encoded, Path=/, SameSite=Strict). */
const clientCookie = (name: string, value: string, maxAgeSeconds: number) => ({
  name,
  value: encodeURIComponent(value),
  domain: new URL(APP_ORIGIN).hostname,
  path: '/',
  sameSite: 'Strict' as const,
  expires: Math.floor(Date.now() / 1000) + maxAgeSeconds,
});

export interface SignedInShopper {
  phoneNumber: string;
  name: string;
  userId: number;
  /** The session's bearer token, for API calls a journey makes as this shopper (the wrapper's way). */
  accessToken: string;
}

/**
 * Signs a shopper in on `context` through the real API, as the app does it but through the browser
 * context's own request client (it shares the context's cookie jar): sign-up (a fresh phone, unless
 * `phoneNumber` names an existing shopper: then login), the OTP from the SMS outbox, verifyOtp. The
 * verify answer's Set-Cookie lines put the HttpOnly `authToken` and the `signedIn` flag into the browser
 * exactly as a login in the page would (docs/auth.md "Sessions in the browser"). The one-code-a-minute
 * rule is waited out (it answers 429 with Retry-After).
 */
export async function signInShopper(
  context: BrowserContext,
  options: { phoneNumber?: string; name?: string; email?: string; referral?: string } = {},
): Promise<SignedInShopper> {
  const existing = options.phoneNumber !== undefined;
  const phoneNumber = options.phoneNumber ?? freshPhoneNumber();
  const name = options.name ?? 'Meera Iyer';
  const headers = { [APP_REQUEST_HEADER]: '1' };
  const body = existing
    ? { phoneNumber }
    : { phoneNumber, name, email: options.email ?? `${name.toLowerCase().replace(/\W+/g, '.')}.${phoneNumber}@example.com`, referral: options.referral };
  let sent: { userId: number };
  let sentAfter: number;
  for (let attempt = 0; ; attempt += 1) {
    sentAfter = Date.now();
    const response = await context.request.post(`${APP_ORIGIN}/api/onboarding/${existing ? 'login' : 'signup'}`, { data: body, headers });
    if (response.status() === 429 && attempt < 3) {
      const seconds = Number(response.headers()['retry-after'] ?? '60');
      await new Promise((resolve) => setTimeout(resolve, Math.min(61, Math.max(1, seconds)) * 1000));
      continue;
    }
    sent = await jsonOf<{ userId: number }>(response, 'Sign-up/login');
    break;
  }
  const otp = await waitForOtp(phoneNumber, sentAfter);
  // Without the app's header the answer also carries the token (as the wrapper gets it); the cookies are set either way.
  const verified = await context.request.post(`${APP_ORIGIN}/api/onboarding/verifyOtp`, { data: { otp, userId: sent.userId } });
  const session = await jsonOf<{ accessToken: string; userId: number; userDetails: { name?: string; NAME?: string } }>(verified, 'verifyOtp');
  const cookies = await context.cookies(APP_ORIGIN);
  if (!cookies.some((c) => c.name === SHOPPER_SESSION_COOKIE && c.httpOnly)) throw new Error('verifyOtp set no HttpOnly shopper session cookie');
  if (!cookies.some((c) => c.name === SHOPPER_SIGNED_IN_COOKIE)) throw new Error('verifyOtp set no signedIn flag');
  return {
    phoneNumber,
    name: existing ? String(session.userDetails.NAME ?? session.userDetails.name ?? '') : name,
    userId: session.userId,
    accessToken: session.accessToken,
  };
}

export interface SignedInOwner {
  details: BusinessUserDetails;
  /** The outlet the console opens on (the first of the account's outlets). */
  outletId: number;
}

/**
 * Signs a business account in on `context` through the login the console itself calls
 * (`businessAuth.login`; its REST twin /api/onboarding/bo/login answers SPEC's legacy shape, which has
 * no owner name). The server sets the HttpOnly session cookie; the details cookie is the page's to
 * write (features/business/lib/session.ts), so this writes it as the page does (`detailsFromLogin`).
 * Defaults to the demo owner (a master account); `demo.staff` is a sub-account.
 */
export async function signInOwner(
  context: BrowserContext,
  credentials: { username: string; password: string } = DEMO_BUSINESS_OWNER,
): Promise<SignedInOwner> {
  const response = await context.request.post(`${APP_ORIGIN}/trpc/businessAuth.login`, {
    data: { json: { username: credentials.username, password: credentials.password } },
    headers: { [APP_REQUEST_HEADER]: '1' },
  });
  const result = (await jsonOf<{ result: { data: { json: BusinessLoginResult } } }>(response, 'businessAuth.login')).result.data.json;
  const details = detailsFromLogin(result);
  if (!(await context.cookies(APP_ORIGIN)).some((c) => c.name === BUSINESS_SESSION_COOKIE && c.httpOnly)) {
    throw new Error('businessAuth.login set no HttpOnly business session cookie');
  }
  await context.addCookies([clientCookie(BUSINESS_DETAILS_COOKIE, JSON.stringify(details), BUSINESS_COOKIE_MAX_AGE)]);
  if (details.currentOutletId === null) throw new Error(`${credentials.username} has no outlet`);
  return { details, outletId: details.currentOutletId };
}

/** Signs a member of the sales staff in on `context`: the login answers with the HttpOnly session cookie. */
export async function signInSales(context: BrowserContext, credentials: { username: string; password: string } = DEMO_SALES): Promise<void> {
  const response = await context.request.post(`${APP_ORIGIN}/api/admin/auth/login`, { data: credentials });
  await jsonOf(response, 'Sales login');
  if (!(await context.cookies(`${APP_ORIGIN}/api/admin/auth/me`)).some((c) => c.name === 'bachat_sales_session')) {
    throw new Error('The sales login set no session cookie');
  }
}

/** Chooses the language the app opens in before anyone signs in (the `lang` cookie the switch writes). */
export async function useLanguage(context: BrowserContext, language: 'en' | 'hi'): Promise<void> {
  await context.addCookies([{ ...clientCookie('lang', language, 365 * 24 * 60 * 60), value: language }]);
}

// ---------------------------------------------------------------------------------------------
// The sign-in screens themselves (only the journeys about them use these)

/**
 * Completes the login panel that is already open: phone → Get OTP → the code from the outbox → LOGIN.
 * The resend rule allows one code per phone per 60 s, so when another test texted this phone a moment
 * ago the panel says how long to wait; then this waits that long and asks again.
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
    if (attempt > 2) throw new Error('The OTP resend wait did not end');
    expectErrors(page, [{ status: 429, url: /\/trpc\/auth\.login/ }]);
    const seconds = Number(/(\d+) seconds?/.exec((await wait.textContent()) ?? '')?.[1] ?? '60');
    await page.waitForTimeout(Math.min(61, seconds) * 1000);
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

// ---------------------------------------------------------------------------------------------
// The test every spec imports

async function judge(watch: BrowserWatch, testInfo: TestInfo): Promise<void> {
  const lines = await watch.verdict();
  if (!lines.length) return;
  await testInfo.attach('browser-problems', { body: lines.join('\n'), contentType: 'text/plain' });
  throw new Error(`The browser reported ${lines.length} problem(s) the test did not expect:\n  ${lines.join('\n  ')}`);
}

/** Makes contexts the test opens itself (`browser.newContext()`) watched too, for the test's duration. */
function watchNewContexts(browser: Browser, watch: BrowserWatch): () => void {
  const original = browser.newContext;
  browser.newContext = async function newContext(this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await original.apply(browser, args);
    await watch.watch(context);
    return context;
  } as Browser['newContext'];
  return () => {
    browser.newContext = original;
  };
}

export const test = base.extend<{ browserWatch: BrowserWatch }>({
  browserWatch: [
    async ({ browser, context }, use, testInfo) => {
      const watch = new BrowserWatch();
      await watch.watch(context);
      const restore = watchNewContexts(browser, watch);
      try {
        await use(watch);
      } finally {
        restore();
      }
      await judge(watch, testInfo);
    },
    { auto: true },
  ],
});

export { expect };
