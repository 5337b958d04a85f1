import { DEMO_OWNER_OUTLET_SLUGS } from '../../seeds/data/demo-logins.ts';
import { expect, signInShopper, test } from '../fixtures.ts';

/**
 * A signed-in shopper sent to /login or to an outlet's …/login overlay is taken on (home, the outlet
 * page) and never sees the login panel, not even for a moment.
 */
test('a signed-in shopper sent to /login or an outlet login overlay is taken on without the panel', async ({ page }) => {
  await signInShopper(page.context(), { name: 'Ishaan Verma' });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Profile: Ishaan Verma' })).toBeVisible();

  // Count every auth panel that appears from here on, however briefly.
  await page.addInitScript(() => {
    const w = window as unknown as { authPanelsSeen: number };
    w.authPanelsSeen = 0;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="auth-overlay"]')) w.authPanelsSeen += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  const panelsSeen = () => page.evaluate(() => (window as unknown as { authPanelsSeen: number }).authPanelsSeen);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Find savings near you' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
  expect(await panelsSeen()).toBe(0);

  const outlet = `/bengaluru/${DEMO_OWNER_OUTLET_SLUGS[0]}`;
  await page.goto(`${outlet}/login`);
  await expect(page).toHaveURL(new RegExp(`${outlet}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toHaveCount(0);
  expect(await panelsSeen()).toBe(0);
  await expect(page.getByRole('link', { name: 'Profile: Ishaan Verma' })).toBeVisible();
});
