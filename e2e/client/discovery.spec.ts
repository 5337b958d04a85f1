import { expect, expectErrors, test } from '../fixtures.ts';

/**
 * Discovery journeys (issue 4): a shopper near Bengaluru's centre browses a category with infinite
 * scroll, opens an outlet and reads every tab; search finds an outlet despite a typo.
 */
test.use({
  geolocation: { latitude: 12.9716, longitude: 77.5946 },
  permissions: ['geolocation'],
});

test('pick a category, scroll for a second page, open an outlet and read each tab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Outlets near you' })).toBeVisible();

  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: /Restaurants/ }).click();
  const list = page.getByRole('list', { name: 'Outlets' });
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(16);
  for (const card of await cards.all()) await expect(card).toContainText('Restaurants');

  // Infinite scroll: reaching the end of the list loads the next 16.
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(cards).toHaveCount(32);
  await expect(page.getByRole('status', { name: 'Loading more outlets' })).toHaveCount(0);

  // Nearest first: the first card is no farther than the 32nd.
  const km = async (i: number) => {
    const text = (await cards.nth(i).locator('.outlet-card__distance').textContent()) ?? '';
    const value = parseFloat(text);
    return text.includes(' m') ? value / 1000 : value;
  };
  expect(await km(0)).toBeLessThanOrEqual(await km(31));

  const name = (await cards.first().getByRole('heading').textContent())!.trim();
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/restaurants\/[a-z0-9-]+\/instore-offers\/\d+$/);
  // Opened from deep in the list, the outlet page starts at its top.
  await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByRole('heading', { name: "Today's offers" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offer live now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay Bill' }).first()).toHaveAttribute('href', /^\/enter-amount\/\d+$/);
  const outletPath = new URL(page.url()).pathname;
  expect(await page.evaluate(() => sessionStorage.getItem('outletPageRedirect'))).toBe(outletPath);

  const tabs = page.getByRole('navigation', { name: 'Outlet sections' });

  await tabs.getByRole('link', { name: 'Upcoming' }).click();
  await expect(page).toHaveURL(/\/upcoming-offers\/\d+$/);
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(page.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: "Tomorrow's offers" })).toBeVisible();

  await tabs.getByRole('link', { name: 'Menu' }).click();
  await expect(page).toHaveURL(/\/menu\/\d+$/);
  const menuImage = page.getByRole('region', { name: 'Menu', exact: true }).getByRole('img').first();
  await expect(menuImage).toBeVisible();
  await expect(menuImage).toHaveAttribute('loading', 'lazy');

  await tabs.getByRole('link', { name: 'Photos' }).click();
  await expect(page).toHaveURL(/\/photos\/\d+$/);
  await expect(page.getByRole('heading', { name: /Storefront/ })).toBeVisible();

  await tabs.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about\/\d+$/);
  await expect(page.getByRole('heading', { name: `About ${name}` })).toBeVisible();
  await expect(page.getByText('Hours', { exact: true })).toBeVisible();

  // An overlay sub-route renders over the page and closes back to it.
  await page.goto(`${outletPath}/how-it-works`);
  const dialog = page.getByRole('dialog', { name: 'How it works' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(new RegExp(`${outletPath}$`));
});

test('search with a typo finds the outlet', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search outlets, offers and categories' });

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing to search')).toBeVisible();

  await box.fill('Kapi Kate Koramangla');
  const suggestions = page.getByRole('region', { name: 'Search suggestions' });
  const outlet = suggestions.getByRole('region', { name: 'Outlets' }).getByRole('link', { name: /Kaapi Katte Koramangala/ });
  await expect(outlet).toBeVisible();

  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'Results for "Kapi Kate Koramangla"' })).toBeVisible();
  await page.getByRole('list', { name: 'Outlets' }).getByRole('link', { name: /Kaapi Katte Koramangala/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaapi Katte Koramangala' })).toBeVisible();
});

test('the app shell is installable and renders offline on a repeat visit', async ({ page, context, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Bachat', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Find savings near you' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The service worker controls the page once it has claimed it.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Offline, the shell comes from the service worker and the data calls fail as the network does
  // (the SW passes API calls through); the browser logs each failed one.
  expectErrors(page, [{ message: /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)$/, optional: true }]);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Find savings near you' })).toBeVisible();
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
