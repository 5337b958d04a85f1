import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInShopper, test } from '../fixtures.ts';

/**
 * Discovery that beats magicpin (issue 16), as a shopper near MG Road, Bengaluru: filters and sort in
 * the URL with the back button undoing them, a misspelt search finding the outlet, a favourite kept
 * and found in the profile, pay → review → "Paid here", and the map with tiles served locally.
 * With E2E_SCREENSHOTS=<dir> each page is also photographed at 360×800 and 1280×800.
 */
test.use({
  geolocation: { latitude: 12.9755, longitude: 77.6068 },
  permissions: ['geolocation'],
});

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [width, height] of [
    [360, 800],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400); // layout settles (a screenshot, not an assertion)
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: false });
  }
  if (original) await page.setViewportSize(original);
}

const percentOf = async (card: ReturnType<Page['locator']>) => {
  const badge = card.locator('.outlet-card__badge strong');
  return (await badge.count()) ? parseFloat((await badge.textContent()) ?? '0') : 0;
};

test('filters and sort live in the URL; the back button undoes them one by one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Outlets' });
  await expect(list.getByRole('article').first()).toBeVisible();

  await page.getByRole('button', { name: 'Veg only' }).click();
  await expect(page).toHaveURL(/\/\?veg=1$/);
  await expect(page.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'true');
  const cards = list.getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of (await cards.all()).slice(0, 6)) await expect(card.getByRole('img', { name: 'Pure veg' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Highest discount now' });
  await expect(page).toHaveURL(/\/\?veg=1&sort=discount$/);
  await expect(cards.first()).toBeVisible();
  const percents = [];
  for (const card of (await cards.all()).slice(0, 5)) percents.push(await percentOf(card));
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);
  await shoot(page, 'home-filters');

  // A shared link opens the same list.
  const shared = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/\?veg=1$/);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto(shared);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('discount');
  await expect(page.getByRole('button', { name: 'Veg only' })).toHaveAttribute('aria-pressed', 'true');
});

test('a misspelt search finds the outlet, its dish and its cuisine', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search outlets, offers and categories' });
  await box.fill('mavali');
  await box.press('Enter');
  await expect(page).toHaveURL(/\?q=mavali$/);
  await expect(page.getByRole('heading', { name: 'Results for "mavali"' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Outlets' });
  await expect(results.getByRole('article').first()).toContainText('Mavalli Tiffin Rooms');
  await shoot(page, 'search-results');

  for (const [typo, name] of [
    ['chaai', 'Chai Point Indiranagar'],
    ['biriyani', 'Swastik Biryani House'],
    ['udpi', 'Sri Krishna Udupi Grand'],
  ] as const) {
    await box.fill(typo);
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: `Results for "${typo}"` })).toBeVisible();
    await expect(results.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }

  // Nothing matches: a spelling the outlets use is offered.
  await box.fill('rava idlee xq');
  await box.press('Enter');
  await expect(page.getByText('No outlets match "rava idlee xq"', { exact: false })).toBeVisible();

  await box.fill('rava idly');
  await box.press('Enter');
  await results.getByRole('link', { name: /Mavalli Tiffin Rooms/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mavalli Tiffin Rooms' })).toBeVisible();
  await expect(page.getByText(/South Indian, Udupi/)).toBeVisible();
});

test('favourite an outlet, then find it in the profile’s favourites', async ({ page }) => {
  await signInShopper(page.context(), { name: 'Meera Iyer' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();
  const first = page.getByRole('list', { name: 'Outlets' }).getByRole('article').first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  const heart = first.getByRole('button', { name: `Favourite ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'My favourites' }).click();
  await expect(page).toHaveURL(/\/favourites$/);
  const favourites = page.getByRole('list', { name: 'Outlets' });
  await expect(favourites.getByRole('heading', { name })).toBeVisible();
  await shoot(page, 'favourites');

  // Un-hearting it here takes it off the list.
  await favourites.getByRole('button', { name: `Favourite ${name}` }).click();
  await expect(page.getByText('No favourites yet.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByText('No favourites yet.', { exact: false })).toBeVisible();
});

test('pay → review → it shows "Paid here" on the outlet page', async ({ page }) => {
  test.setTimeout(90_000);
  await signInShopper(page.context(), { name: 'Arjun Rao' });
  await page.goto('/?q=mavalli%20tiffin%20rooms');
  await page.getByRole('list', { name: 'Outlets' }).getByRole('link', { name: /Mavalli Tiffin Rooms/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mavalli Tiffin Rooms' })).toBeVisible();
  const outletUrl = page.url();
  // Not yet a customer: nothing to review.
  await expect(page.getByRole('form', { name: /Rate your visit/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'Pay Bill' }).first().click();
  await page.getByLabel('Enter the final bill amount').fill('640');
  await page.getByRole('button', { name: 'Continue' }).click();
  const toPay = (await page.getByTestId('amount-to-pay').textContent())!;
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(page).toHaveURL(/\/payment-demo\?orderId=/);
  await page.getByRole('button', { name: `Pay ${toPay}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto(outletUrl);
  const form = page.getByRole('form', { name: 'Rate your visit to Mavalli Tiffin Rooms' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await form.getByRole('textbox', { name: 'Your review' }).fill('Rava idli and filter coffee, worth the queue.');
  await form.getByRole('button', { name: 'Post review' }).click();

  const review = page.getByRole('article', { name: 'Review by Arjun R.' });
  await expect(review).toBeVisible();
  await expect(review.getByText('Paid here')).toBeVisible();
  await expect(review.getByText('Your review')).toBeVisible();
  await expect(review.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(/all paid here/)).toBeVisible();
  await review.scrollIntoViewIfNeeded();
  await shoot(page, 'outlet-reviews');
});

test('the map toggle shows the list’s outlets as clustered pins on locally served tiles', async ({ page }) => {
  const tileOrigin = `http://127.0.0.1:${process.env.E2E_TILE_PORT}`;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Outlets' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Map' }).click();
  await expect(page).toHaveURL(/\?view=map$/);
  const map = page.getByRole('region', { name: 'Map of outlets' });
  await expect(map).toBeVisible();

  // Tiles come from MAP_TILE_URL (the local tile server) and load: the page's CSP allows that origin.
  const tiles = map.locator(`img.leaflet-tile[src^="${tileOrigin}/tiles/"]`);
  await expect(tiles.first()).toBeVisible();
  await expect.poll(() => tiles.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 256).length)).toBeGreaterThan(0);
  expect(((await (await page.request.get(`${tileOrigin}/served`)).json()) as { served: number }).served).toBeGreaterThan(0);

  // Outlets are clustered; a cluster opens to the zoom where it splits.
  const clusters = map.locator('.map-cluster');
  await expect(clusters.first()).toBeVisible();
  await expect(map.getByText(/\d+ outlets on the map/)).toBeVisible();
  await shoot(page, 'map');
  const zoomBefore = await page.evaluate(() => document.querySelector('.leaflet-container')?.className);
  await clusters.first().click();
  await expect.poll(async () => map.locator('.map-pin').count()).toBeGreaterThan(0);
  expect(zoomBefore).toBeTruthy();
  await map.locator('.map-pin').first().click();
  await expect(map.getByRole('link', { name: 'See offers' })).toBeVisible();

  // Back to the list.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('list', { name: 'Outlets' })).toBeVisible();
});
