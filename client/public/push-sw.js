/*
 * Web push in the app's service worker (imported by the workbox-generated sw.js: client/vite.config.ts,
 * `workbox.importScripts`). The server sends a JSON payload (server/modules/notifications/templates.ts,
 * `renderPush`): { id, kind, title, body, url, tag }. A push shows a notification and tells open pages to
 * refresh the bell; a tap focuses an open Bachat tab (or opens one) at the payload's url, which marks the
 * inbox item read and goes on to the message's page.
 *
 * Owners' payment alerts (kind `payment_alert`, issue 30) carry the counter's url
 * (/for-bussiness/dashboard/payments/<outlet>) and a tag per order, so the same payment on two tabs or
 * devices of one account is one notification; a tap focuses a tab already on that counter, else a
 * console tab (taken to the counter), else opens one. Shoppers' notifications behave as before.
 */
/* global self */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Bachat', body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Bachat';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/notifications';
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: typeof data.body === 'string' ? data.body : '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        renotify: Boolean(data.tag),
        data: { url, id: data.id, kind: data.kind },
        // A payment is heard: the phone's default sound and a short buzz (owners' alerts).
        ...(data.kind === 'payment_alert' ? { vibrate: [200, 100, 200] } : {}),
      }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        for (const w of windows) w.postMessage({ type: 'bachat:notification', id: data.id, kind: data.kind });
      }),
    ]),
  );
});

const BUSINESS_BASE = '/for-bussiness/';

/** An owner's alert: the tab already on the counter, else a console tab taken there, else a new tab. */
function openCounter(windows, target) {
  const here = (w) => new URL(w.url);
  const sameOrigin = windows.filter((w) => here(w).origin === self.location.origin);
  const onCounter = sameOrigin.find((w) => here(w).pathname === target.pathname);
  if (onCounter) return onCounter.focus();
  const consoleTab = sameOrigin.find((w) => here(w).pathname.startsWith(BUSINESS_BASE));
  if (consoleTab) return consoleTab.focus().then((w) => (w ? w.navigate(target.href) : self.clients.openWindow(target.href)));
  return self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/notifications';
  const url = new URL(path, self.location.origin);
  const target = url.href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      if (url.pathname.startsWith(BUSINESS_BASE)) return openCounter(windows, url);
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w ? w.navigate(target) : self.clients.openWindow(target)));
      return self.clients.openWindow(target);
    }),
  );
});
