import fs from 'node:fs';
import path from 'node:path';
import { expect, signInSales, test } from '../fixtures.ts';

/**
 * Issue 28: the back office once rendered as raw HTML with giant black icons while every journey
 * passed: its CSP allowed MUI's injected styles with 'unsafe-inline' beside a hash, and a browser
 * ignores 'unsafe-inline' once a hash or nonce is there. The fixture fails this test on any CSP
 * violation; here the page must also look like MUI: an app bar with a colour and MUI's height, icons
 * at MUI's size. With E2E_SCREENSHOTS=<dir> it photographs the list at 1280×800 and 360×800.
 */
test('the back office is styled: a coloured app bar of MUI’s height, icons of MUI’s size, no style blocked', async ({ page, context }) => {
  await signInSales(context);
  await page.goto('./#/outlets');
  const bar = page.locator('header.MuiAppBar-root');
  await expect(bar).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  const look = await bar.evaluate((el) => {
    const icon = document.querySelector('.MuiSvgIcon-root');
    return {
      background: getComputedStyle(el).backgroundColor,
      position: getComputedStyle(el).position,
      height: el.getBoundingClientRect().height,
      iconWidth: icon?.getBoundingClientRect().width ?? 0,
    };
  });
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.background).not.toBe('transparent');
  expect(look.position).toBe('fixed');
  // react-admin's app bar is MUI's dense toolbar: 48 px.
  expect(look.height).toBe(48);
  // MUI's icons are 1.5rem (24 px); unstyled, an SVG fills its container.
  expect(look.iconWidth).toBe(24);

  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [1280, 800],
      [360, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(bar).toBeVisible();
      await page.screenshot({ path: path.join(dir, `back-office-outlets-${width}.png`) });
    }
  }
});
