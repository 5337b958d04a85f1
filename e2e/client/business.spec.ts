import sharp from 'sharp';
import { DEMO_BUSINESS_OWNER, DEMO_OWNER_OUTLET_SLUGS } from '../../seeds/data/demo-logins.ts';
import { expect, expectErrors, signInOwner, signInShopper, test } from '../fixtures.ts';

/**
 * Outlet owners (issue 6): the owner logs in, schedules a daily offer for the slot running now and a
 * shopper sees it live on the outlet page; the owner uploads a photo and it appears on the outlet's
 * photos tab. Times are India time, as the server decides them.
 */

const OUTLET_PATH = `/bengaluru/${DEMO_OWNER_OUTLET_SLUGS[0]}`;

function istNow() {
  const ist = new Date(Date.now() + 330 * 60_000);
  const day = ist.getUTCDay();
  return { isoDay: day === 0 ? 7 : day, hour: ist.getUTCHours(), minute: ist.getUTCMinutes() };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const pad = (n: number) => String(n).padStart(2, '0');

test('a wrong password shows the server error and no business cookie is set', async ({ page, context }) => {
  expectErrors(page, [{ status: 401, url: /\/trpc\/businessAuth\.login/ }]);
  await page.goto('/for-bussiness/login');
  await page.getByLabel('Username').fill(DEMO_BUSINESS_OWNER.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === 'business_auth_token')).toBe(false);
});

test('owner schedules a daily offer for the current slot → a shopper sees it live and in the bill, pays → the dashboards show it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { outletId } = await signInOwner(page.context());
  await page.goto(`/for-bussiness/promotion-organizer/regular-offers/${outletId}`);

  await page.getByRole('link', { name: 'Daily offers' }).click();
  await expect(page).toHaveURL(new RegExp(`/promotion-organizer/daily-offers/${outletId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Daily offers' })).toBeVisible();

  // Today (IST): replace the day's slots with one running now at 47 %.
  const now = istNow();
  const today = WEEKDAYS[now.isoDay - 1]!;
  await page.getByRole('tab', { name: new RegExp(`^${today}`) }).click();
  const editor = page.getByRole('region', { name: `${today} time slots` });
  await expect(editor).toBeVisible();
  while ((await editor.getByRole('button', { name: /^Remove slot/ }).count()) > 0) {
    await editor.getByRole('button', { name: /^Remove slot/ }).first().click();
  }
  await editor.getByRole('button', { name: '+ Add time slot' }).click();
  const start = `${pad(now.hour)}:00`;
  const end = now.hour === 23 ? '23:59' : `${pad(now.hour + 1)}:00`;
  await editor.getByLabel('Slot 1 start').fill(start);
  await editor.getByLabel('Slot 1 end').fill(end);
  await editor.getByLabel('Slot 1 ad').selectOption({ label: 'Discount only' });
  await editor.getByLabel('Slot 1 discount percent').fill('47');
  await editor.getByRole('button', { name: 'Save slots' }).click();
  await expect(editor.getByRole('status')).toHaveText(`Saved the slots for ${today}.`);

  // The console says what shoppers get now: the daily offer wins over the discount button.
  const live = page.getByTestId('live-now');
  await expect(live).toContainText('47% off');
  await expect(live).toContainText('Daily offer');

  // Overlapping slots are refused before anything is sent.
  await editor.getByRole('button', { name: '+ Add time slot' }).click();
  await editor.getByLabel('Slot 2 start').fill(start);
  await editor.getByLabel('Slot 2 end').fill(end);
  await editor.getByLabel('Slot 2 discount percent').fill('10');
  await editor.getByRole('button', { name: 'Save slots' }).click();
  await expect(editor.getByText('Time slots must not overlap')).toBeVisible();
  await editor.getByRole('button', { name: 'Remove slot 2' }).click();

  // A shopper (another browser) sees the offer live on the outlet page…
  const shopper = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signInShopper(shopper, { name: 'Meera Iyer' });
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(OUTLET_PATH);
  const offer = shopperPage.getByRole('region', { name: 'Offer live now' });
  await expect(offer).toContainText('47%');
  await expect(offer).toContainText('OFF');

  // …and in the bill: Pay Bill, ₹1,000, the 47 % instant discount, pays.
  await shopperPage.getByRole('link', { name: 'Pay Bill' }).first().click();
  await expect(shopperPage).toHaveURL(new RegExp(`/enter-amount/${outletId}$`));
  await shopperPage.getByLabel('Enter the final bill amount').fill('1000');
  await shopperPage.getByRole('button', { name: 'Continue' }).click();
  await expect(shopperPage.getByLabel('Bill breakdown')).toContainText('Instant discount (47%)');
  const toPay = (await shopperPage.getByTestId('amount-to-pay').textContent())!;
  await shopperPage.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(shopperPage).toHaveURL(/\/payment-demo\?orderId=/);
  await shopperPage.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(shopperPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await shopper.close();

  // The owner's dashboards read the payment from the ledger.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/revenue/${outletId}$`));
  // The demo outlet also has the seeded paid days (seeds/20_demo_payments.ts): the total is at least this bill.
  const billsFigure = await page.getByText('Bills', { exact: true }).first().locator('..').innerText();
  expect(Number(/₹([\d,]+\.\d{2})/.exec(billsFigure)![1]!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1000);
  await expect(page.getByRole('img', { name: 'Revenue by day' })).toBeVisible();
  await page.getByRole('link', { name: 'Settlement report' }).click();
  await expect(page.getByRole('table').or(page.getByRole('list')).first()).toContainText('₹1,000');

  // Logout clears the business cookies and returns to the business login.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/for-bussiness\/login$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'business_auth_token')).toBe(false);
});

test('owner uploads a photo → it appears on the outlet page photos tab', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { outletId } = await signInOwner(page.context());
  await page.goto(`/for-bussiness/account/photos/${outletId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await page.getByRole('button', { name: 'Ambience' }).click();
  const grid = page.getByRole('list', { name: 'Ambience photos' });
  const empty = page.getByText('No ambience photos yet.');
  await expect(grid.or(empty)).toBeVisible();
  const before = (await empty.isVisible()) ? 0 : await grid.getByRole('listitem').count();

  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f26b1d' } }).png().toBuffer();
  await page.getByText('Add a photo to Ambience').locator('input[type=file]').setInputFiles({ name: 'dining-room.png', mimeType: 'image/png', buffer: png });
  await expect(grid.getByRole('listitem')).toHaveCount(before + 1);

  // A file that is not an image is refused with the server's message, and nothing is added.
  expectErrors(page, [{ status: 400, url: /\/api\/business\/photos/ }]);
  await page
    .getByText('Add a photo to Ambience')
    .locator('input[type=file]')
    .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
  await expect(page.getByRole('alert')).toContainText('Failed to upload photo');
  await expect(grid.getByRole('listitem')).toHaveCount(before + 1);

  const shopper = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const shopperPage = await shopper.newPage();
  await shopperPage.goto(`${OUTLET_PATH}/photos/${outletId}`);
  const section = shopperPage.getByRole('region', { name: 'Ambience' });
  await expect(section.getByRole('heading')).toContainText(`(${before + 1})`);
  await shopper.close();
});

test('owner creates an ad, then gives it a picture from the ad library', async ({ page }) => {
  const { outletId } = await signInOwner(page.context());
  await page.goto(`/for-bussiness/promotion-organizer/ad-library/${outletId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ad library' })).toBeVisible();
  const title = `Filter coffee hour ${Date.now()}`;
  const form = page.getByRole('form', { name: 'New ad' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Discount %').fill('12');
  await form.getByRole('button', { name: 'Add to library' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item.getByRole('button', { name: 'Add picture' })).toBeVisible();
  await expect(item.locator('img')).toHaveCount(0);

  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#6b3e26' } }).png().toBuffer();
  await item.getByLabel(`Picture for ${title}`).setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: png });
  await expect(item.getByRole('button', { name: 'Change picture' })).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /\.webp$/);
  await page.screenshot({ path: test.info().outputPath('ad-library.png'), fullPage: true });
});

test('a business applies on /for-business-form from the landing page', async ({ page }) => {
  await page.goto('/for-bussiness');
  await expect(page.getByText('15 days', { exact: true })).toBeVisible();
  await expect(page.getByText('1.5%', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Register your business' }).click();
  await expect(page).toHaveURL(/\/for-business-form$/);

  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#dddddd' } }).jpeg().toBuffer();
  await page.getByLabel('Business name').fill('Anand Bhavan');
  await page.getByLabel('Business address').fill('12, 4th Block, Jayanagar, Bengaluru 560011');
  await page.getByLabel('Your name').fill('Anand Rao');
  await page.getByLabel('Phone Number').fill('9845011111');
  await page.getByLabel('PAN').fill('ABCDE1234F');
  await page.getByLabel(/GSTIN certificate/).setInputFiles({ name: 'gst.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByLabel(/Cancelled cheque or passbook/).setInputFiles({ name: 'cheque.jpg', mimeType: 'image/jpeg', buffer: picture });
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('2-5 working days');
});
