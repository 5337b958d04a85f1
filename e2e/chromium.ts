import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Debian's Chromium (browser downloads are impossible here); CHROMIUM_PATH to use another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * How every Chromium of ours starts (the journeys, the fake-camera journey, the Lighthouse bench):
 * headless, and without the background connections that this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * With SHOTS_DIR set, saves the page at 360×800 and 1280×800 (full page) as `<name>-<width>.png`, once its
 * fonts are in and two frames are painted. Without it, does nothing.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [360, 800],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}
