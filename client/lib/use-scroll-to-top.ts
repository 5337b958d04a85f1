import { useEffect } from 'react';

/**
 * Client-side navigation keeps the window's scroll position; a screen opened from a scrolled list
 * calls this to start at its top (again whenever `key` changes, e.g. another outlet).
 */
export function useScrollToTop(key?: unknown) {
  useEffect(() => {
    if (typeof window.scrollTo === 'function' && !/jsdom/i.test(navigator.userAgent)) window.scrollTo(0, 0);
  }, [key]);
}
