import { expect, test } from '../fixtures.ts';
import { shoot } from '../chromium.ts';

const notFound = (where: 'left' | 'top') =>
  `Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on the ${where}.`;

test('FAQ: tabs, search, one answer open at a time and the not-found text', async ({ page }) => {
  await page.goto('/faqs');
  await expect(page).toHaveTitle(/FAQs/);
  await expect(page.getByRole('tab', { name: "User's FAQ" })).toHaveAttribute('aria-selected', 'true');

  const first = page.getByRole('button', { name: 'How does Bachat work?' });
  const second = page.getByRole('button', { name: 'Is there a minimum bill amount?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Yes. Offers apply to bills of ₹50 or more.')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search questions' });
  await search.fill('GOLDEN');
  await expect(page.getByRole('button', { name: 'What are Golden Keys and how do I earn them?' })).toBeVisible();
  await expect(page.locator('.faq-item')).toHaveCount(1);

  await page.getByRole('tab', { name: "Business's FAQ" }).click();
  await search.fill('commission');
  await expect(page.locator('.faq-item')).toHaveCount(0);
  await search.fill('cost');
  await page.getByRole('button', { name: 'What does it cost?' }).click();
  await expect(page.getByText(/free trial of 15 days/)).toBeVisible();

  // Not found: the phone layout has the tabs on the top.
  await search.fill('zzz no such thing');
  await expect(page.getByText(notFound('top'))).toBeVisible();

  // The desktop layout has them on the left.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText(notFound('left'))).toBeVisible();

  // No refer-and-earn link for a signed-out visitor; Contact us goes to /support.
  await expect(page.getByRole('link', { name: /Refer & Earn/ })).toHaveCount(0);
  await expect(page.locator('.faq__tabs').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/support');
});

test('content pages: terms, privacy, about us, events and become promoter', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByText('Refunds are handled by the outlet.')).toBeVisible();
  await expect(page.getByText(/1\.5%/)).toBeVisible();

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Every bill, a little lighter.' })).toBeVisible();

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Not Just Starry Nights' })).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();

  await page.goto('/become-promoter');
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await shoot(page, 'become-promoter-errors');
  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('Mobile number').fill('98450 12345');
  await page.getByLabel('City').fill('Mysuru');
  await page.getByRole('button', { name: 'Send my details' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks, Ravi!' })).toBeVisible();
});

test('page views reach the server in batches, without query strings', async ({ page }) => {
  // The client batches views for up to 5 s (client/lib/analytics.test.ts checks the batching); on a
  // slow machine the two views below may land in one batch or two, so collect every batch.
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/trpc/analytics.track') && r.method() === 'POST') bodies.push(r.postData() ?? '');
  });
  await page.goto('/?referal=MESECRET1');
  await expect(page.getByRole('heading', { name: 'Find savings near you' })).toBeVisible();
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();

  const pathsSent = () => bodies.flatMap((body) => [...body.matchAll(/"path":"([^"]+)"/g)].map((m) => m[1]));
  await expect.poll(pathsSent, { timeout: 15_000 }).toEqual(['/', '/faqs']);
  expect(bodies.length).toBeLessThanOrEqual(2);
  expect(bodies.join('\n')).not.toContain('MESECRET1');
});
