import { useLayoutEffect } from 'react';

/**
 * Whether the page is still hydrating the server's markup (boot.tsx, client/app/server-render.tsx).
 *
 * That markup is in the language the server rendered it in, and React hydrates it in slices (a
 * transition) with the page's own part last (the routes' Suspense boundary). A switch of language
 * tapped in the meantime (the top bar hydrates first, and React replays the tap) must not activate the
 * other language before the last slice is hydrated: the global `i18n` would hand the rest of the page
 * other words than the markup holds (React error 418 on a slow phone). `setLocale` (lib/i18n.ts) waits
 * for this first; the switch shows itself busy meanwhile.
 */
let finish: (() => void) | null = null;
let hydrated: Promise<void> = Promise.resolve();

/** Called by boot.tsx before it hydrates the server's markup. */
export function startHydration(): void {
  hydrated = new Promise((resolve) => {
    finish = resolve;
  });
}

/** Resolves once the page's markup is hydrated (at once when the page was not server-rendered). */
export const whenHydrated = (): Promise<void> => hydrated;

/**
 * Placed last inside the routes' Suspense boundary: its layout effect runs when the page's own markup
 * has been hydrated (or, on a page the browser rendered itself, when it first commits).
 */
export function HydrationMark(): null {
  useLayoutEffect(() => {
    finish?.();
    finish = null;
  }, []);
  return null;
}
