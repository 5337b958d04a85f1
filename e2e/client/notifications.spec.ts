import type { Page } from '@playwright/test';
import { expect, readEmailOutbox, signInShopper, test } from '../fixtures.ts';

/**
 * Notifications that arrive (issue 15): a new shopper keeps only "New coupon alerts" on, plays Shuffle
 * Cards, and the alert is in the in-app inbox (the bell counts it) and in the email outbox. With
 * SCREENSHOTS_DIR set it also saves the bell, the inbox and /settings at 360×800 and 1280×800.
 */
test.use({
  geolocation: { latitude: 12.9716, longitude: 77.5946 },
  // Notifications granted, so /settings offers the device switch (it is not tapped: no push service here).
  permissions: ['geolocation', 'notifications'],
});

const shots = process.env.SCREENSHOTS_DIR;
async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const [w, h] of [
    [360, 800],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${w}x${h}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 360, height: 800 });
}

test('new-coupon alerts on → Shuffle Cards → the inbox shows the alert and the email outbox holds it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = 'Meera Iyer';
  const email = `meera.iyer.${Date.now()}@example.com`;
  await signInShopper(page.context(), { name, email });

  // Settings: everything off, then only "New coupon alerts" on.
  await page.goto('/settings');
  const enableAll = page.getByRole('switch', { name: 'Enable all' });
  await expect(enableAll).toBeChecked();
  await enableAll.click();
  await expect(enableAll).not.toBeChecked();
  const newCoupons = page.getByRole('switch', { name: 'New coupon alerts' });
  await expect(newCoupons).not.toBeChecked();
  await newCoupons.click();
  await expect(newCoupons).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Expiring coupons' })).not.toBeChecked();
  const device = page.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(device).toBeEnabled();
  await expect(device).not.toBeChecked();
  await screenshot(page, 'settings-push');

  // The nearest outlet → Pay Bill → ₹1,000 → Shuffle Cards.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Outlets' }).getByRole('article').first();
  const outlet = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').click();
  await page.getByRole('link', { name: 'Pay Bill' }).first().click();
  await page.getByLabel('Enter the final bill amount').fill('1000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Play Shuffle Cards' }).click();
  const game = page.getByRole('dialog', { name: 'Shuffle Cards' });
  await game.getByRole('button', { name: 'Shuffle the cards' }).click();
  await game.getByRole('button', { name: 'Card 1 of 3, face down' }).click();
  await game.getByRole('button', { name: 'Reveal my discount' }).click();
  const won = game.getByText(/You unlocked an additional [\d.]+% off\./);
  await expect(won).toBeVisible();
  const percent = /([\d.]+)%/.exec((await won.textContent())!)![1]!;
  const subject = `Your ${percent}% coupon at ${outlet}`;

  // The job runner sends it within seconds: the bell counts it, the inbox lists it.
  await page.goto('/notifications');
  const item = page.getByRole('button', { name: new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(async () => {
    await page.reload();
    await expect(item).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(item).toContainText('(unread)');
  await screenshot(page, 'inbox');

  // The email outbox holds the same alert, with its one-click unsubscribe headers.
  await expect(() => {
    const mail = readEmailOutbox().find((m) => m.to === email && m.subject === subject);
    expect(mail).toBeDefined();
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  }).toPass({ timeout: 15_000 });
  // Only what was switched on was sent.
  expect(readEmailOutbox().filter((m) => m.to === email)).toHaveLength(1);

  // Tapping the alert marks it read and opens the coupons.
  await item.click();
  await expect(page).toHaveURL(/\/coupons$/);
  await expect(page.getByRole('link', { name: 'Notifications' })).toBeVisible();
  await page.goto('/notifications');
  await expect(item).not.toContainText('(unread)');

  // The email's unsubscribe link: the page asks first, then turns that one setting off.
  const mail = readEmailOutbox().find((m) => m.to === email && m.subject === subject)!;
  const link = new URL(/(https?:\/\/\S+\/unsubscribe\?t=[\w.]+)/.exec(mail.text)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Stop "New coupon alerts"?' })).toBeVisible();
  await screenshot(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'New coupon alerts' })).not.toBeChecked();
});
