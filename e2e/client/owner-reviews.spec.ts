import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_OWNER_OUTLET_SLUGS } from '../../seeds/data/demo-logins.ts';
import { APP_ORIGIN, expect, signInOwner, signInShopper, test } from '../fixtures.ts';
import { hi } from '../hindi.ts';

/**
 * The owners' Reviews page (issue 28: it always failed, its call sent with the shopper's token while
 * the journeys stayed green). A shopper who paid at the demo owner's outlet reviews it; the owner sees
 * the review on dashboard/reviews, answers it, reads the page in Hindi too; the outlet page shows the
 * answer. With E2E_SCREENSHOTS=<dir> it photographs the page at 1280×800 in English and Hindi.
 */
test.use({ viewport: { width: 1280, height: 800 } });

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

test('a paying shopper’s review reaches the owner’s Reviews page, whose reply shows on the outlet page', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { outletId } = await signInOwner(page.context());

  // The shopper pays ₹800 at the outlet and reviews the visit (through the API: this journey is the owner's).
  const shopperContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const shopper = await signInShopper(shopperContext, { name: 'Nisha Kapoor' });
  const headers = { Authorization: `Bearer ${shopper.accessToken}` };
  const created = await shopperContext.request.post(`${APP_ORIGIN}/api/outlet/route/v1/create`, {
    headers,
    data: { outletId, amount: 800, idempotencyKey: `review-${Date.now()}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { ORDER_ID: string } }).order.ORDER_ID;
  expect((await shopperContext.request.post(`${APP_ORIGIN}/api/payments/demo/${orderId}/complete`, { headers, data: { outcome: 'pay' } })).ok()).toBe(true);
  const body = `Filter coffee as it should be ${Date.now().toString(36)}`;
  const posted = await shopperContext.request.post(`${APP_ORIGIN}/api/user/reviews`, { headers, data: { orderId, rating: 4, body } });
  expect(posted.status(), await posted.text()).toBe(201);

  // The owner's Reviews page shows it (what the page shows, not only what was clicked).
  await page.goto(`/for-bussiness/dashboard/reviews/${outletId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const review = page.getByRole('article', { name: 'Review by Nisha K.' });
  await expect(review).toContainText(body);
  await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(page.getByText('An error occurred while fetching reviews')).toHaveCount(0);
  await shoot(page, 'owner-reviews-1280-en');

  // The owner answers it once.
  const reply = `Thank you, Nisha: see you again ${Date.now().toString(36)}`;
  const form = review.getByRole('form', { name: 'Reply to Nisha K.' });
  await form.getByLabel('Your reply').fill(reply);
  await form.getByRole('button').click();
  await expect(review).toContainText(reply);
  await expect(review.getByRole('form')).toHaveCount(0);

  // The same page in Hindi (the console's language is the account's: back to English at the end).
  await page.getByRole('button', { name: 'Change language to हिन्दी' }).click();
  await expect(page.getByRole('heading', { level: 1, name: hi('Reviews') })).toBeVisible();
  await expect(page.getByRole('article', { name: hi('Review by {author}', { author: 'Nisha K.' }) })).toContainText(reply);
  await shoot(page, 'owner-reviews-1280-hi');
  await page.getByRole('button', { name: hi('Change language to {name}', { name: 'English' }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

  // Shoppers read the answer on the outlet page.
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/bengaluru/${DEMO_OWNER_OUTLET_SLUGS[0]}`);
  const published = shopperPage.getByRole('article', { name: 'Review by Nisha K.' });
  await expect(published).toContainText(body);
  await expect(published).toContainText('Reply from the outlet');
  await expect(published).toContainText(reply);
  await shopperContext.close();
});
