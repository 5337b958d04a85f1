import { vi } from 'vitest';

/** A VAPID public key and a subscription as a browser gives them (component tests of the push switches). */
export const TEST_VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
export const testPushSubscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys: { p256dh: TEST_VAPID_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' } });
type TestSubscription = ReturnType<typeof testPushSubscription>;

/**
 * A browser with the Push API: one service worker registration whose push manager we control. The
 * permission starts as `permission`; asking for it answers `answer`. Undo with `unstubPushBrowser`.
 */
export function stubPushBrowser(sub: TestSubscription, permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => TestSubscription; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: sub.endpoint,
      options: { applicationServerKey: opts.applicationServerKey.slice().buffer },
      toJSON: () => sub,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const notification = Object.assign(function Notification() {}, {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  return { subscribe };
}

export function unstubPushBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
