import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { CATEGORIES } from '../../seeds/data/categories.ts';

test('a shopper opens the home page and sees the categories from the database', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Bachat/);
  for (const category of CATEGORIES.slice(0, 4)) {
    await expect(page.getByRole('button', { name: new RegExp(category.name) }).first()).toBeVisible();
  }
});

/**
 * Watches a page the server renders (server/http/page-render.ts): keeps the element `selector` finds
 * in the HTML as it arrives, and every console error. `hydrated()` then says whether the element on
 * screen is that very node (the app hydrated the server's markup, not rendered it again), and
 * `problems` what the console said (a hydration mismatch is a console error), and `appCodeAfterLoad()`
 * whether the app's code (its start, boot.tsx) was asked for only once the page had loaded, its content
 * painted from the HTML (client/lib/app-code.ts).
 */
async function watchServerRender(page: Page, selector: string) {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript((sel) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { fromHtml?: Element | null }).fromHtml = document.querySelector(sel);
    });
  }, selector);
  return {
    problems,
    /** Stylesheets fetched: none, the page's CSS is inline (a fetched copy recomputes every style). */
    stylesheetsFetched: () => page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\.css(?:\?|$)/.test(r.name)).map((r) => r.name)),
    appCodeAfterLoad: () =>
      page.evaluate(() => {
        const loadedAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
        const boot = performance.getEntriesByType('resource').find((r) => /\/assets\/boot-[\w-]+\.js$/.test(r.name));
        return !!boot && loadedAt > 0 && boot.startTime >= loadedAt;
      }),
    hydrated: () =>
      page.evaluate((sel) => {
        const fromHtml = (window as { fromHtml?: Element | null }).fromHtml;
        return !!fromHtml && fromHtml === document.querySelector(sel);
      }, selector),
  };
}

/** The first outlet of the default list, as the REST API lists it. */
async function firstOutlet(request: APIRequestContext) {
  const res = await request.post('/api/outlet/getNearbyOutlets?offSet=1&limit=1', { data: { noLocation: true } });
  const { outlets } = (await res.json()) as { outlets: { OUTLET_ID: number; NAME: string; CITY_SLUG: string; SLUG: string }[] };
  return outlets[0]!;
}

test('a first visit’s home page arrives rendered, and the app takes over the very same page', async ({ page, request }) => {
  // The HTML itself carries the outlet cards, before any JavaScript runs.
  const html = await (await request.get('/')).text();
  expect(html).toContain('<div id="root" inert data-ssr>');
  expect((html.match(/class="outlet-card__link"/g) ?? []).length).toBeGreaterThan(0);
  // Its code is listed for later, not preloaded alongside the cards.
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toMatch(/<script type="application\/json" id="app-code">\[[^\]]*"\/assets\/boot-[\w-]+\.js"/);

  const watch = await watchServerRender(page, '.outlet-card__link');
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const firstCard = page.locator('.outlet-card__link').first();
  await expect(firstCard).toBeVisible();
  expect(await watch.hydrated()).toBe(true);
  expect(await watch.appCodeAfterLoad()).toBe(true);
  expect(await watch.stylesheetsFetched()).toEqual([]);
  expect(watch.problems).toEqual([]);
  // And it works: the card opens its outlet.
  const name = (await firstCard.locator('.outlet-card__name').textContent())!.trim();
  await firstCard.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // With a city chosen, the server sends the loading shell and the app shows that city's outlets.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Mumbai' });
  await expect(page.getByRole('heading', { name: /Outlets in Mumbai/ })).toBeVisible();
  await page.reload();
  await expect(page.locator('#root')).not.toHaveAttribute('data-ssr');
  await expect(page.getByRole('heading', { name: /Outlets in Mumbai/ })).toBeVisible();
  // The shell's content needs the code: the shell preloads it from its head.
  expect(await (await request.get('/', { headers: { cookie: 'browse=1' } })).text()).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/boot-/);
});

test('an outlet page arrives rendered with its details, and the app takes it over', async ({ page, request }) => {
  const outlet = await firstOutlet(request);
  const path = `/${outlet.CITY_SLUG}/${outlet.SLUG}`;
  const html = await (await request.get(path)).text();
  expect(html).toContain('<div id="root" inert data-ssr>');
  expect(html).toContain('class="outlet-hero__name"');

  const watch = await watchServerRender(page, 'h1');
  await page.goto(path);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1, name: outlet.NAME })).toBeVisible();
  expect(await watch.hydrated()).toBe(true);
  expect(await watch.appCodeAfterLoad()).toBe(true);
  expect(await watch.stylesheetsFetched()).toEqual([]);
  // The parts that load after it (reviews, menus) arrive in the hydrated page.
  await expect(page.getByRole('heading', { name: /Reviews/ })).toBeVisible();
  expect(watch.problems).toEqual([]);
});

test('a signed-out shopper’s enter-amount page arrives rendered, and the sign-in panel opens over it', async ({ page, request }) => {
  const path = `/enter-amount/${(await firstOutlet(request)).OUTLET_ID}`;
  const html = await (await request.get(path)).text();
  expect(html).toContain('<div id="root" inert data-ssr>');
  expect(html).toContain('Log in to pay your bill');

  const watch = await watchServerRender(page, '.pay-title');
  await page.goto(path);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to pay your bill' })).toBeAttached();
  expect(await watch.hydrated()).toBe(true);
  expect(watch.problems).toEqual([]);
});
