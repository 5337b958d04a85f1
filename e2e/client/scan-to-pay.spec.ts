import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { APP_ORIGIN, expect, expectErrors, signInOwner, signInShopper, test, useLanguage } from '../fixtures.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, shoot } from '../chromium.ts';
import { hi } from '../hindi.ts';

/**
 * Scan to pay (issue 30). The outlet's QR, as the owner downloads it, is fed to a phone's camera
 * (Chromium's fake capture device plays a y4m video made from the PNG with ffmpeg) on /scan, which opens
 * the outlet's pay page with the table; the payment reaches the counter marked "Table 7". Then the
 * counter's soundbox: speechSynthesis.speak is stubbed and the words are checked, one per payment with
 * two tabs open, none for a refund; capture → spoken is timed over 20 payments (printed).
 *
 * With SHOTS_DIR set, screenshots at 360×800 and 1280×800, English and Hindi.
 */

/** The fake camera's video: written by the test before the camera starts (Chromium opens it then). */
const CAMERA_FILE = path.join(os.tmpdir(), `bachat-e2e-camera-${process.env.E2E_PORT ?? '3100'}.y4m`);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA_FILE}`],
  },
});


/** The QR PNG as a 640×480 y4m video for the fake camera (white around it, as a standee on a counter). */
function cameraVideoOf(png: Buffer) {
  const pngFile = CAMERA_FILE.replace(/\.y4m$/, '.png');
  fs.writeFileSync(pngFile, png);
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    pngFile,
    '-t',
    '3',
    '-vf',
    'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    CAMERA_FILE,
  ]);
}

/** A paid bill through the API, as the shopper's app makes it; returns when the capture is recorded. */
async function payThroughApi(request: APIRequestContext, token: string, outletId: number, rupees: number, key: string, tableNumber?: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post(`${APP_ORIGIN}/api/outlet/route/v1/create`, {
    headers,
    data: { outletId, amount: String(rupees), idempotencyKey: key, ...(tableNumber ? { tableNumber } : {}) },
  });
  expect(created.ok()).toBe(true);
  const order = (await created.json()).order as { ORDER_ID: string; AMOUNT_PAISE: number };
  const captureStarted = Date.now();
  const done = await request.post(`${APP_ORIGIN}/api/payments/demo/${order.ORDER_ID}/complete`, { headers, data: { outcome: 'pay' } });
  expect(done.ok()).toBe(true);
  return { orderId: order.ORDER_ID, amountPaise: order.AMOUNT_PAISE, captureStarted };
}

const spokenRupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', ...(paise % 100 === 0 ? { maximumFractionDigits: 0 } : { minimumFractionDigits: 2 }) }).format(paise / 100);

test('the standee QR through a phone camera opens the pay page with the table; the counter shows "Table 7"', async ({ browser }) => {
  test.setTimeout(150_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { outletId } = await signInOwner(ownerContext);

  // The owner's QR and standee, as the console downloads them.
  const png = await ownerContext.request.get(`${APP_ORIGIN}/api/business/outlets/${outletId}/qr.png?table=7`);
  expect(png.headers()['content-type']).toBe('image/png');
  const pdf = await ownerContext.request.get(`${APP_ORIGIN}/api/business/outlets/${outletId}/qr.pdf?table=7`);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  cameraVideoOf(await png.body());

  // The console's "QR and standee" page.
  const owner = await ownerContext.newPage();
  await owner.goto(`/for-bussiness/account/qr-standee/${outletId}`);
  await expect(owner.getByRole('heading', { level: 1, name: 'QR and standee' })).toBeVisible();
  const qrImage = owner.getByRole('img', { name: /QR code to pay at/ });
  await expect(qrImage).toBeVisible();
  await expect.poll(() => qrImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const code = (await owner.getByTestId('pay-code').textContent())!.replace(/\s/g, '');
  expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{7}$/);
  await shoot(owner, 'qr-standee');

  // The counter screen is open.
  await owner.goto(`/for-bussiness/dashboard/payments/${outletId}`);
  await expect(owner.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();

  // A shopper scans it with the app's scanner.
  const shopperContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await shopperContext.grantPermissions(['camera'], { origin: APP_ORIGIN });
  await signInShopper(shopperContext, { name: 'Kavya Rao' });
  const shopper = await shopperContext.newPage();
  await shopper.goto('/');
  await shopper.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan' }).click();
  await expect(shopper).toHaveURL(new RegExp(`/enter-amount/${outletId}\\?t=7$`), { timeout: 20_000 });
  await expect(shopper.getByTestId('pay-table')).toHaveText('Table 7');
  await shoot(shopper, 'enter-amount-table');

  await shopper.getByLabel('Enter the final bill amount').fill('450');
  await shopper.getByRole('button', { name: 'Continue' }).click();
  await expect(shopper).toHaveURL(/[?&]t=7/);
  const toPay = (await shopper.getByTestId('amount-to-pay').textContent())!.trim();
  await shopper.getByRole('button', { name: `Pay ${toPay}` }).click();
  await shopper.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(shopper.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const receiptId = (await shopper.getByTestId('receipt-id').textContent())!.trim();

  // The counter: banner, row and receipt check say "Table 7".
  await expect(owner.getByTestId('new-payment')).toContainText('Table 7');
  await expect(owner.getByRole('row').filter({ hasText: receiptId })).toContainText('Table 7');
  const check = owner.getByRole('region', { name: 'Check a receipt' });
  await check.getByLabel('Verification code or receipt ID').fill(receiptId);
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByTestId('receipt-match')).toContainText('Table 7');
  await shoot(owner, 'counter-table');

  // The same link opened by a phone's own camera app: /p/{code}?t=7 → the same pay page.
  const direct = await shopperContext.newPage();
  await direct.goto(`/p/${code.toLowerCase()}?t=7`);
  await expect(direct).toHaveURL(new RegExp(`/enter-amount/${outletId}\\?t=7$`));
  await direct.close();

  // The console in Hindi.
  await useLanguage(ownerContext, 'hi');
  await owner.goto(`/for-bussiness/account/qr-standee/${outletId}`);
  await expect(owner.getByRole('heading', { level: 1, name: hi('QR and standee') })).toBeVisible();
  await expect.poll(() => owner.getByRole('img', { name: /QR/ }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(owner, 'qr-standee-hi');
  await owner.goto(`/for-bussiness/dashboard/payments/${outletId}`);
  await expect(owner.getByRole('row').filter({ hasText: receiptId })).toContainText(hi('Table {table}', { table: 7 }));
  await shoot(owner, 'counter-table-hi');

  await ownerContext.close();
  await shopperContext.close();
});

test('a foreign QR is explained, not opened; without a camera the code is typed', async ({ browser }) => {
  test.setTimeout(90_000);
  const upi = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await upi.grantPermissions(['camera'], { origin: APP_ORIGIN });
  // Another merchant's UPI QR on the camera.
  const ownerContext = await browser.newContext();
  const { outletId } = await signInOwner(ownerContext);
  const { default: QRCode } = await import('qrcode');
  cameraVideoOf(await QRCode.toBuffer('upi://pay?pa=sharma.stores@okaxis&pn=Sharma%20Stores&am=450', { width: 600, margin: 4 }));
  const page = await upi.newPage();
  await page.goto('/scan');
  const foreign = page.getByTestId('foreign-qr');
  await expect(foreign).toContainText('UPI payment QR of Sharma Stores', { timeout: 20_000 });
  await expect(page).toHaveURL(/\/scan$/);
  await shoot(page, 'scan-foreign-upi');

  // The camera refused: the code is typed instead.
  const denied = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signInShopper(denied, { name: 'Irfan Ali' });
  const typing = await denied.newPage();
  await typing.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    });
  });
  await typing.goto('/scan');
  await expect(typing.getByTestId('camera-message')).toContainText('permission is blocked');
  const code = String((await (await ownerContext.request.get(`${APP_ORIGIN}/trpc/payLinks.forOutlet?input=${encodeURIComponent(JSON.stringify({ json: { outletId } }))}`)).json()).result.data.json.code);
  await typing.getByLabel("Type the outlet's code").fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await shoot(typing, 'scan-denied');
  await typing.getByRole('button', { name: 'Open' }).click();
  await expect(typing).toHaveURL(new RegExp(`/enter-amount/${outletId}$`));
  // In Hindi.
  await useLanguage(denied, 'hi');
  await typing.goto('/scan');
  await expect(typing.getByRole('heading', { level: 1, name: hi('Scan to pay') })).toBeVisible();
  await expect(typing.getByTestId('camera-message')).toBeVisible();
  await shoot(typing, 'scan-denied-hi');

  // A code no outlet has, opened by a phone's camera: the server's own friendly page, then the right code.
  const lost = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const unknown = await lost.newPage();
  expectErrors(unknown, [
    { status: 404, url: /\/p\/ZZZ2ZZZ/ },
    { message: /Failed to load resource: the server responded with a status of 404/, optional: true },
  ]);
  await unknown.goto('/p/ZZZ2ZZZ?t=4');
  await expect(unknown.getByRole('heading', { level: 1, name: "We couldn't find this outlet" })).toBeVisible();
  await shoot(unknown, 'pay-link-unknown');
  await unknown.getByLabel('Outlet code').fill(code.toLowerCase());
  await unknown.getByRole('button', { name: 'Open the pay page' }).click();
  await expect(unknown).toHaveURL(new RegExp(`/enter-amount/${outletId}$`));
  // In Hindi (a reader of its own: the language is set before the page loads).
  const lostHi = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await useLanguage(lostHi, 'hi');
  const unknownHi = await lostHi.newPage();
  expectErrors(unknownHi, [
    { status: 404, url: /\/p\/ZZZ2ZZZ/ },
    { message: /Failed to load resource: the server responded with a status of 404/, optional: true },
  ]);
  await unknownHi.goto('/p/ZZZ2ZZZ');
  await expect(unknownHi.getByRole('heading', { level: 1, name: 'हमें यह आउटलेट नहीं मिला' })).toBeVisible();
  await shoot(unknownHi, 'pay-link-unknown-hi');
  await Promise.all([upi.close(), denied.close(), ownerContext.close(), lost.close(), lostHi.close()]);
});

/** Stubs speechSynthesis.speak: each utterance's words, language and time go to `window.__spoken`. */
async function stubSpeech(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __spoken: { text: string; lang: string; at: number }[] };
    w.__spoken = [];
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
      if (u.text) w.__spoken.push({ text: u.text, lang: u.lang, at: Date.now() });
    };
  });
}
const spokenOn = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string; at: number }[] }).__spoken);

test('the counter says each new payment once, even with two tabs; never a refund; in Hindi too', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await stubSpeech(ownerContext);
  const { outletId } = await signInOwner(ownerContext);
  const tabs = [await ownerContext.newPage(), await ownerContext.newPage()];
  for (const [i, tab] of tabs.entries()) {
    await tab.goto(`/for-bussiness/dashboard/payments/${outletId}`);
    await expect(tab.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
    // The first tab turns announcements on; the second remembers it and asks for a tap (browsers speak only after one).
    if (i === 0) await tab.getByRole('switch', { name: 'Announce payments' }).click();
    else await tab.getByRole('button', { name: 'Tap to announce payments' }).click();
    await expect(tab.getByRole('switch', { name: 'Announce payments' })).toHaveAttribute('aria-checked', 'true');
  }
  const shopperContext = await browser.newContext();
  const shopper = await signInShopper(shopperContext, { name: 'Neha Gupta' });
  const all = async () => [...(await spokenOn(tabs[0]!)), ...(await spokenOn(tabs[1]!))].sort((a, b) => a.at - b.at);

  // 20 payments, one after another: each spoken once, capture → spoken timed.
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const paid = await payThroughApi(shopperContext.request, shopper.accessToken, outletId, 300 + i * 7, `soundbox-${Date.now()}-${i}`, i === 3 ? 7 : undefined);
    await expect.poll(async () => (await all()).length, { timeout: 10_000 }).toBe(i + 1);
    const said = (await all())[i]!;
    expect(said.text).toBe(`${spokenRupees(paid.amountPaise)} received on Bachat${i === 3 ? ', table 7' : ''}`);
    expect(said.lang).toBe('en-IN');
    latencies.push(said.at - paid.captureStarted);
  }
  await shoot(tabs[0]!, 'counter-soundbox');
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  console.log(`soundbox capture → spoken over ${latencies.length} payments: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${sorted.at(-1)} ms`);

  // A refund is not spoken: the next thing said is the next payment.
  const refunded = await payThroughApi(shopperContext.request, shopper.accessToken, outletId, 999, `soundbox-refund-${Date.now()}`);
  await expect.poll(async () => (await all()).length).toBe(21);
  const receipt = await tabs[0]!.evaluate(async ([id, orderId]) => {
    const r = await fetch(`/api/business/payments/${id}?offSet=1&limit=20`);
    const rows = (await r.json()).payments.data as { ORDER_ID: string; RECEIPT_ID: string }[];
    return rows.find((row) => row.ORDER_ID === orderId)!.RECEIPT_ID;
  }, [outletId, refunded.orderId] as const);
  await tabs[0]!.getByRole('button', { name: `Refund ${receipt}` }).click();
  const dialog = tabs[0]!.getByRole('dialog', { name: 'Refund a payment' });
  await dialog.getByLabel('Reason').fill('Wrong bill');
  await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs[1]!.getByRole('row').filter({ hasText: receipt })).toContainText('Refunded');
  await expect(tabs[0]!.getByRole('row').filter({ hasText: receipt })).toContainText('Refunded');
  // Both tabs have the refund's event: neither said anything for it.
  expect((await all()).length).toBe(21);

  // Reloaded (a reconnect): nothing old is said; the first tap arms it again; the next payment in Hindi.
  await useLanguage(ownerContext, 'hi');
  await tabs[1]!.close();
  const tab = tabs[0]!;
  await tab.reload();
  await expect(tab.getByRole('button', { name: hi('Tap to announce payments') })).toBeVisible();
  await tab.getByRole('button', { name: hi('Tap to announce payments') }).click();
  await expect(tab.getByRole('switch', { name: hi('Announce payments') })).toHaveAttribute('aria-checked', 'true');
  await shoot(tab, 'counter-soundbox-hi');
  const hindi = await payThroughApi(shopperContext.request, shopper.accessToken, outletId, 450, `soundbox-hi-${Date.now()}`);
  await expect.poll(async () => (await spokenOn(tab)).length).toBe(1);
  const [said] = await spokenOn(tab);
  expect(said).toMatchObject({ text: `Bachat पर ${spokenRupees(hindi.amountPaise)} प्राप्त हुए`, lang: 'hi-IN' });

  await ownerContext.close();
  await shopperContext.close();
});
