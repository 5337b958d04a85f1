import type { Page } from '@playwright/test';
import { expect, signInShopper, signUpInPanel, test } from '../fixtures.ts';

/**
 * Pay the bill (issue 5), on the sandbox provider: a logged-out shopper taps Pay Bill, signs up in
 * the panel and comes back to the same outlet; enters ₹1,000, plays Shuffle Cards, sees the breakdown
 * change, pays on /payment-demo and gets a receipt; the payment is in the history and the coupon is
 * no longer active. The Fail path lands on /payment-failure with nothing charged.
 * Each test signs up its own shopper, so the one-free-shuffle-a-day rule never couples them.
 */
test.use({
  geolocation: { latitude: 12.9716, longitude: 77.5946 },
  permissions: ['geolocation'],
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Opens the nearest outlet from the home page; returns its name and the Pay Bill link's outlet id. */
async function openNearestOutlet(page: Page): Promise<{ name: string; outletId: string }> {
  await page.goto('/');
  // A first visit's HTML holds the default city's list; the nearest outlets replace it once the
  // (granted) position is read.
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Outlets' }).getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const payBill = page.getByRole('link', { name: 'Pay Bill' }).first();
  const href = (await payBill.getAttribute('href'))!;
  const outletId = /^\/enter-amount\/(\d+)$/.exec(href)![1]!;
  return { name, outletId };
}

test('logged out → Pay Bill → sign up → ₹1,000 → Shuffle Cards → pay → receipt, history and coupons agree', async ({ page }) => {
  test.setTimeout(120_000);
  const { name, outletId } = await openNearestOutlet(page);

  // A logged-out shopper who taps Pay Bill is sent through login and comes back to the same outlet.
  await page.getByRole('link', { name: 'Pay Bill' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/enter-amount/${outletId}$`));
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await login.getByRole('link', { name: 'Create an account' }).click();
  await signUpInPanel(page, 'Kavya Nair');
  await expect(page).toHaveURL(new RegExp(`/enter-amount/${outletId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Enter ₹1,000: shown in en-IN format.
  const amount = page.getByLabel('Enter the final bill amount');
  await amount.fill('1000');
  await expect(amount).toHaveValue('1,000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-breakdown/${outletId}\\?amount=1000$`));
  const breakdown = page.getByLabel('Bill breakdown');
  await expect(breakdown).toContainText('Bill amount₹1,000.00');
  const before = rupees(await page.getByTestId('amount-to-pay').textContent());

  // The convenience fee is explained with this bill's figures.
  await page.getByRole('button', { name: 'What is this?' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-breakdown/${outletId}/convinience-fees\\?amount=1000$`));
  const fees = page.getByRole('dialog', { name: 'Convenience fee' });
  await expect(fees.getByLabel('Fee for this bill')).toContainText('GST on the fee');
  await fees.getByRole('button', { name: 'Got it' }).click();
  await expect(fees).toBeHidden();

  // Shuffle Cards: the range is shown before the pick; the value lands inside it.
  await page.getByRole('link', { name: 'Play Shuffle Cards' }).click();
  const game = page.getByRole('dialog', { name: 'Shuffle Cards' });
  const range = game.getByText(/Every card hides/);
  await expect(range).toBeVisible();
  const [min, max] = ((await range.textContent())!.match(/[\d.]+(?=%)/g) ?? []).map(Number);
  await game.getByRole('button', { name: 'Shuffle the cards' }).click();
  await expect(game.getByRole('status')).toHaveText('Pick a card, then reveal it.');
  await game.getByRole('button', { name: 'Card 2 of 3, face down' }).click();
  await game.getByRole('button', { name: 'Reveal my discount' }).click();
  const won = game.getByText(/You unlocked an additional [\d.]+% off\./);
  await expect(won).toBeVisible();
  const percent = Number(/([\d.]+)%/.exec((await won.textContent())!)![1]);
  expect(percent).toBeGreaterThanOrEqual(min!);
  expect(percent).toBeLessThanOrEqual(max!);
  await expect(game.getByRole('button', { name: `Card 2: ${percent}% off, your pick` })).toBeVisible();
  await game.getByRole('button', { name: 'See my new total' }).click();
  await expect(game).toBeHidden();

  // The breakdown now carries the Shuffle discount; the total went down.
  await expect(breakdown).toContainText(`Shuffle discount (${percent}%)`);
  const toPay = (await page.getByTestId('amount-to-pay').textContent())!;
  expect(rupees(toPay)).toBeLessThan(before);

  // Pay on the sandbox's hosted checkout.
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(page).toHaveURL(/\/payment-demo\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Paying ${name}` })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText(toPay);
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();

  // The receipt the counter checks.
  await expect(page).toHaveURL(/\/payment-success\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText(toPay);
  await expect(page.getByTestId('receipt-saved')).toContainText('You saved ₹');
  await expect(page.getByTestId('verification-code')).toHaveText(/^[A-Z0-9]{4,10}$/);
  const receiptId = (await page.getByTestId('receipt-id').textContent())!.trim();
  expect(receiptId).not.toBe('—');
  await expect(page.getByLabel('Receipt')).toContainText(name);

  // The payment is in the history, with the same receipt.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/redeemed-history$/);
  await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)}, paid ${escapeRegExp(toPay)}`) }).click();
  await expect(page).toHaveURL(/\/redeemed-history\/\d+$/);
  await expect(page.getByText(receiptId)).toBeVisible();
  await expect(page.getByText(`Shuffle discount (${percent}%)`, { exact: false })).toBeVisible();

  // The coupon is no longer active: it is counted as used.
  await page.goto('/coupons');
  await expect(page.getByRole('tab', { name: 'Active 0' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Used 1' })).toBeVisible();
  await expect(page.getByText('No active coupons.', { exact: false })).toBeVisible();
});

test('the Fail path lands on /payment-failure with nothing charged, and Try again returns to the bill', async ({ page }) => {
  test.setTimeout(90_000);
  await signInShopper(page.context(), { name: 'Rohan Das' });
  const { name, outletId } = await openNearestOutlet(page);

  await page.goto(`/enter-amount/${outletId}`);
  await page.getByLabel('Enter the final bill amount').fill('500');
  await page.getByRole('button', { name: 'Continue' }).click();
  const toPay = (await page.getByTestId('amount-to-pay').textContent())!;
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(page).toHaveURL(/\/payment-demo\?orderId=/);
  await expect(page.getByRole('heading', { name: `Paying ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(/\/payment-failure\?orderId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('No money was taken from your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/payment-breakdown/${outletId}?amount=500`);

  // Nothing was charged: no payment in the history.
  await page.goto('/redeemed-history');
  await expect(page.getByText(/No payments yet/)).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-breakdown/${outletId}\\?amount=500$`));
  await expect(page.getByTestId('amount-to-pay')).toHaveText(toPay);
});
