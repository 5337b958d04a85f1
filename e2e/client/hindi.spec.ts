import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
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

test('a tap on the language switch while a slow phone still hydrates the page waits for it, then switches', async ({ page, context }) => {
  // A phone eight times slower than this machine: the top bar hydrates (and React replays the tap)
  // well before the outlet list, whose server-rendered words must still be English when React reaches
  // them (client/lib/hydration.ts). The fixture fails the test on React's hydration error (#418).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: hi('Find savings near you') })).toBeVisible();
  await expect(page.getByRole('list', { name: hi('Outlets') }).getByRole('article').first()).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
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

/** The first outlet of the default list, as the REST API lists it. */
async function firstOutlet(request: APIRequestContext) {
  const res = await request.post('/api/outlet/getNearbyOutlets?offSet=1&limit=1', { data: { noLocation: true } });
  const { outlets } = (await res.json()) as { outlets: { OUTLET_ID: number; NAME: string; CITY_SLUG: string; SLUG: string }[] };
  return outlets[0]!;
}

/**
 * A first screen: its `<h1>` in each language (the outlet page's is the outlet's name), and where it
 * shows words of the app's own in Hindi.
 */
async function firstScreens(request: APIRequestContext) {
  const outlet = await firstOutlet(request);
  return [
    { name: 'home', path: '/', heading: { en: 'Find savings near you', hi: hi('Find savings near you') }, hindiText: 'h1' },
    { name: 'outlet', path: `/${outlet.CITY_SLUG}/${outlet.SLUG}`, heading: { en: outlet.NAME, hi: outlet.NAME }, hindiText: '.outlet-tabs__link' },
    { name: 'enter-amount', path: `/enter-amount/${outlet.OUTLET_ID}`, heading: { en: 'Log in to pay your bill', hi: hi('Log in to pay your bill') }, hindiText: 'h1' },
  ];
}

test.describe('a Hindi reader’s first visit (issue 28)', () => {
  // A phone set to Hindi: its browser asks for hi-IN (navigator.languages and Accept-Language). Every
  // page as a first visit gets it, from the server: the service worker the app registers once idle
  // would answer later navigations with its precached English shell (a known gap, not this journey's).
  test.use({ locale: 'hi-IN', serviceWorkers: 'block' });

  test('home, an outlet and enter-amount arrive in Hindi, their faces asked for before the body, drawn in Noto Sans Devanagari', async ({ page, request, context }) => {
    test.setTimeout(120_000);
    // Every <h1> the page shows from its first parsed byte, the Hindi faces' state when the body starts
    // (before any layout: the package's faces for other letters are the ones whose range reaches U+A830), every layout shift, every console error.
    await page.addInitScript(() => {
      const w = window as { h1Seen?: string[]; shifts?: number[]; facesAtBody?: string[] };
      const seen = (w.h1Seen = [] as string[]);
      const shifts = (w.shifts = [] as number[]);
      new MutationObserver(() => {
        if (document.body && !w.facesAtBody) {
          w.facesAtBody = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Devanagari' && !/a830/i.test(f.unicodeRange)).map((f) => f.status);
        }
        for (const h of document.querySelectorAll('h1')) if (!seen.includes(h.textContent ?? '')) seen.push(h.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    const fonts = new Set<string>();
    // Each font file by its name without the build's hash (the Hindi faces, the package's faces, …).
    page.on('request', (r) => r.resourceType() === 'font' && fonts.add(/noto-sans-devanagari-(?:hindi-\d+|devanagari-\d+-normal)/.exec(r.url())?.[0] ?? r.url()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');

    for (const screen of await firstScreens(request)) {
      // The server's HTML is the Hindi page itself: the heading, the faces preloaded and asked for
      // from the head, and the app's code for later.
      const html = await (await request.get(screen.path, { headers: { 'Accept-Language': 'hi-IN,hi;q=0.9' } })).text();
      expect(html, screen.name).toContain('<html lang="hi-IN">');
      expect(html, screen.name).toContain('<div id="root" inert data-ssr>');
      expect(html, screen.name).toContain(`>${screen.heading.hi}</h1>`);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<link rel="preload" as="font" [^>]*noto-sans-devanagari-hindi-(?:400|700)-[\w-]+\.woff2">/g), screen.name).toHaveLength(2);
      expect(head, screen.name).toMatch(/<script>for\(const f of\[[^\]]*Noto Sans Devanagari[^<]*<\/script>/);

      await page.goto(screen.path);
      await expect(page.locator('#root')).not.toHaveAttribute('inert'); // the app has taken the page over
      await expect(page.getByRole('heading', { level: 1, name: screen.heading.hi })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Never English, not even for a frame (the outlet's name is the same in both).
      const seen = await page.evaluate(() => (window as { h1Seen?: string[] }).h1Seen ?? []);
      expect(seen.length, screen.name).toBeGreaterThan(0);
      for (const text of seen) expect(text, screen.name).toBe(screen.heading.hi);
      // The Hindi faces were asked for before the body was parsed, so Chrome holds the first render for
      // them (client/lib/hindi-faces.ts) instead of laying it out in boxes and moving it a frame later.
      // Whether they make it in time depends on the machine (on this shared box a local 31 KB file
      // sometimes takes 500 ms), so the layout shift itself is recorded, and judged by the Lighthouse
      // suite (docs/performance.md), not here.
      expect(await page.evaluate(() => (window as { facesAtBody?: string[] }).facesAtBody), screen.name).toEqual([expect.stringMatching(/^load(?:ing|ed)$/), expect.stringMatching(/^load(?:ing|ed)$/)]);
      const cls = await page.evaluate(() => ((window as { shifts?: number[] }).shifts ?? []).reduce((a, b) => a + b, 0));
      test.info().annotations.push({ type: 'layout shift', description: `${screen.name}: ${cls.toFixed(3)}` });
      // The Devanagari is drawn in Noto Sans Devanagari (the web font, not a system font or boxes).
      await expect(page.locator(screen.hindiText).first()).toContainText(DEVANAGARI);
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: screen.hindiText });
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      expect(used.find((f) => f.familyName === 'Noto Sans Devanagari')?.isCustomFont, `${screen.name}: ${JSON.stringify(used)}`).toBe(true);
    }
    // Only the Hindi faces were fetched: never the package's faces for other languages' letters.
    expect([...fonts].sort()).toEqual(['noto-sans-devanagari-hindi-400', 'noto-sans-devanagari-hindi-700']);
    expect(problems).toEqual([]);
  });
});

test('the first screens at 360 and 1280 px, in English and Hindi', async ({ browser, request }) => {
  test.setTimeout(120_000);
  for (const locale of ['en-IN', 'hi-IN'] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    for (const screen of await firstScreens(request)) {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(screen.path);
        await expect(page.locator('#root')).not.toHaveAttribute('inert');
        await expect(page.getByRole('heading', { level: 1, name: screen.heading[locale === 'hi-IN' ? 'hi' : 'en'] })).toBeVisible();
        // The home list's cards with their names, not their loading placeholders.
        if (screen.name === 'home') await expect(page.locator('.outlet-card__name').first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(screens, `first-${screen.name}-${locale.slice(0, 2)}-${width}.png`) });
      }
    }
    await context.close();
  }
});
