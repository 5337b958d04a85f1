import { randomUUID } from 'node:crypto';
import type { Request } from '@playwright/test';
import { expect, signInByApi, test } from '../fixtures.ts';

/**
 * The shopper's session is an HttpOnly, SameSite=Strict cookie (docs/auth.md). A page opened from
 * another site (a payment provider sending the shopper back, a link in a message) arrives without
 * the cookies, yet must show the signed-in shopper: the app asks the server with its own same-site
 * calls. `elsewhere.test` plays the other site; its page is served by the browser's router.
 */
const ELSEWHERE = 'https://elsewhere.test/';

test('opened from another site, the sandbox checkout and the profile still see the signed-in shopper', async ({ page, context, baseURL }) => {
  const { name } = await signInByApi(context, { name: 'Meera Iyer' });
  // Calls made as the app makes them: the session's cookie and the app's header (any POST the cookie
  // rides on needs it, reads too).
  const app = { 'X-Bachat-App': '1' };

  // An order to pay.
  const nearby = await context.request.post('/api/outlet/getNearbyOutlets?offSet=1&limit=1', { data: { noLocation: true }, headers: app });
  const outlet = ((await nearby.json()) as { outlets: { OUTLET_ID: number }[] }).outlets[0]!;
  const created = await context.request.post('/api/outlet/route/v1/create', {
    data: { outletId: outlet.OUTLET_ID, amount: 800, idempotencyKey: randomUUID() },
    headers: app,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const orderId = ((await created.json()) as { order: { ORDER_ID: string } }).order.ORDER_ID;

  const origin = new URL(baseURL!).origin;
  await page.route(`${ELSEWHERE}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Elsewhere</title>
        <a href="${origin}/payment-demo?orderId=${orderId}">Back to the checkout</a>
        <a href="${origin}/profile">Your Bachat profile</a>`,
    }),
  );

  // The document request from the other site carries no session cookie (Strict)…
  const documents: Request[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(origin)) documents.push(request);
  });
  await page.goto(ELSEWHERE);
  await page.getByRole('link', { name: 'Back to the checkout' }).click();
  // …yet the checkout knows the shopper and the order.
  await expect(page.getByRole('heading', { name: /^Paying / })).toBeVisible();
  expect((await documents[0]!.allHeaders()).cookie ?? '').not.toContain('authToken=');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto(ELSEWHERE);
  await page.getByRole('link', { name: 'Your Bachat profile' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect((await documents.at(-1)!.allHeaders()).cookie ?? '').not.toContain('authToken=');
});
