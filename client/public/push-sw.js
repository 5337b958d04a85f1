/*
 * Web push in the app's service worker (imported by the workbox-generated sw.js: client/vite.config.ts,
 * `workbox.importScripts`). The server sends a JSON payload (server/modules/notifications/templates.ts,
 * `renderPush`): { id, kind, title, body, url, tag }. A push shows a notification and tells open pages to
 * refresh the bell; a tap focuses an open Bachat tab (or opens one) at the payload's url, which marks the
 * inbox item read and goes on to the message's page.
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
        data: { url, id: data.id },
      }),
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        for (const w of windows) w.postMessage({ type: 'bachat:notification', id: data.id });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/notifications';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w ? w.navigate(target) : self.clients.openWindow(target)));
      return self.clients.openWindow(target);
    }),
  );
});
