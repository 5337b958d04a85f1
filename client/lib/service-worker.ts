/** How long after the page's load the service worker is registered, when the browser is not idle sooner. */
export const SERVICE_WORKER_DELAY_MS = 4_000;

/**
 * Registers the service worker (vite-plugin-pwa's `sw.js`: the installable shell and the offline
 * copies) once the page has loaded and the browser is idle, never during the first screen: its
 * install downloads and caches every file of the app, which on a slow phone competes with the first
 * screen's own requests and main thread (issue 18). The registration is a plain call from this
 * module, so no inline script is needed (CSP).
 */
export function registerServiceWorkerWhenIdle(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    void win.navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(register, { timeout: SERVICE_WORKER_DELAY_MS });
    else win.setTimeout(register, SERVICE_WORKER_DELAY_MS);
  };
  const afterLoad = () => win.setTimeout(whenIdle, 1_000);
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}
