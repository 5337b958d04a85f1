import { expect, signInOwner, signInShopper, test } from '../fixtures.ts';
import { shoot } from '../chromium.ts';
import { hi } from '../hindi.ts';

/**
 * The counter and the money loop (issue 14): the owner's payments screen is open; a shopper pays →
 * the row appears there within 2 s without a reload → staff check the verification code → the owner
 * refunds half → the shopper's history and receipt show the refund.
 *
 * With SHOTS_DIR set, it also saves screenshots of the pages at 360×800 and 1280×800.
 */

const rupeesToPaise = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);


test('a shopper pays → the open payments screen shows it within 2 s → staff check the code → the owner refunds half → the shopper sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  // The owner's screen, on a counter laptop.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const { outletId } = await signInOwner(ownerContext);
  const owner = await ownerContext.newPage();
  await owner.goto(`/for-bussiness/promotion-organizer/regular-offers/${outletId}`);
  await owner.getByRole('navigation', { name: 'Business' }).getByRole('link', { name: 'Payments' }).click();
  await expect(owner).toHaveURL(new RegExp(`/for-bussiness/dashboard/payments/${outletId}$`));
  await expect(owner.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(owner.getByRole('status', { name: 'Live updates: Live' })).toBeVisible();
  await owner.getByRole('button', { name: 'Enable sound' }).click();
  await expect(owner.getByRole('button', { name: 'Sound on' })).toBeVisible();

  // The shopper, on a phone.
  const shopperContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  await signInShopper(shopperContext, { name: 'Meera Iyer' });
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/enter-amount/${outletId}`);
  const amount = shopper.getByLabel('Enter the final bill amount');
  await amount.fill('1000');
  await shopper.getByRole('button', { name: 'Continue' }).click();
  const toPay = (await shopper.getByTestId('amount-to-pay').textContent())!.trim();
  await shopper.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(shopper).toHaveURL(/\/payment-demo\?orderId=/);
  await shopper.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(shopper.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const code = (await shopper.getByTestId('verification-code').textContent())!.trim();
  const receiptId = (await shopper.getByTestId('receipt-id').textContent())!.trim();

  // Already open, the owner's screen shows it by itself within 2 s: banner and a highlighted row.
  const banner = owner.getByTestId('new-payment');
  await expect(banner).toContainText(toPay, { timeout: 2_000 });
  await expect(banner).toContainText(code);
  const row = owner.getByRole('row').filter({ hasText: receiptId });
  await expect(row).toBeVisible({ timeout: 2_000 });
  await expect(row).toHaveClass(/counter-row--new/);
  await expect(row).toContainText(toPay);
  await expect(row).toContainText('Paid');

  // Staff check the code the shopper shows.
  const check = owner.getByRole('region', { name: 'Check a receipt' });
  await check.getByLabel('Verification code or receipt ID').fill(code);
  await check.getByRole('button', { name: 'Check' }).click();
  const match = check.getByTestId('receipt-match');
  await expect(match).toContainText('Match: paid at this outlet');
  await expect(match).toContainText(toPay);
  await expect(match).toContainText('Meera');
  await shoot(owner, 'payments-live');

  // The owner refunds half.
  const half = Math.floor(rupeesToPaise(toPay) / 2);
  const halfText = (half / 100).toFixed(2);
  await row.getByRole('button', { name: `Refund ${receiptId}` }).click();
  const dialog = owner.getByRole('dialog', { name: 'Refund a payment' });
  await dialog.getByLabel('Part of it').check();
  await dialog.getByLabel('Amount to refund (₹)').fill(halfText);
  await dialog.getByLabel('Reason').fill('Half the order was not served');
  await shoot(owner, 'refund-dialog');
  await owner.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByRole('status').filter({ hasText: `on ${receiptId}` })).toContainText('Refunded ₹');
  await expect(row).toContainText('Partly refunded');
  // The receipt checked before shows the refund too.
  await expect(match).toContainText('Partly refunded');
  await shoot(owner, 'payments-refunded');

  // The same screen in Hindi (the counter's words come from the catalogs), still live.
  await owner.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: hi('Payments') })).toBeVisible();
  await expect(owner.getByRole('status', { name: hi('Live updates: {state}', { state: hi('Live') }) })).toBeVisible();
  await expect(row).toContainText(hi('Partly refunded'));
  await shoot(owner, 'payments-hi');
  await row.getByRole('button', { name: hi('Refund {receipt}', { receipt: receiptId }) }).click();
  await expect(owner.getByRole('dialog', { name: hi('Refund a payment') })).toBeVisible();
  await shoot(owner, 'refund-dialog-hi');
  await owner.getByRole('dialog').getByRole('button', { name: hi('Cancel') }).click();
  await owner.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

  // The shopper's history and receipt show the refund.
  await shopper.goto('/redeemed-history');
  const entry = shopper.getByRole('link', { name: /Refunded ₹/ }).first();
  await expect(entry).toContainText(`Refunded ₹${Number(halfText).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await shoot(shopper, 'history-refund');
  await entry.click();
  const refunds = shopper.getByLabel('Refunds');
  await expect(refunds).toContainText('Half the order was not served');
  await expect(refunds).toContainText('refunded this');
  await shoot(shopper, 'receipt-refund');

  await ownerContext.close();
  await shopperContext.close();
});

test('the counter offers payment alerts on this device, next to "Announce payments", in English and Hindi', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const { outletId } = await signInOwner(context);
  const owner = await context.newPage();
  await owner.goto(`/for-bussiness/dashboard/payments/${outletId}`);
  await expect(owner.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const alerts = owner.getByRole('switch', { name: 'Payment alerts on this device' });
  await expect(alerts).toBeVisible();
  // This browser has not subscribed: the switch is off, and ready once the service worker answers.
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expect(alerts).toBeEnabled({ timeout: 15_000 });
  await shoot(owner, 'counter-alerts-en');
  await owner.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  const alertsHi = owner.getByRole('switch', { name: hi('Payment alerts on this device') });
  await expect(alertsHi).toBeVisible();
  await expect(alertsHi).toHaveAttribute('aria-checked', 'false');
  await shoot(owner, 'counter-alerts-hi');
  await owner.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await context.close();
});
