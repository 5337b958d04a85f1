import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { keyBytes } from '@client/lib/web-push';
import { PushDeviceSwitch } from './push-device-switch';

const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUB = { endpoint: 'https://push.example.test/send/1', expirationTime: null, keys: { p256dh: KEY, auth: 'tBHItJI5svbpez7KI4CCXg' } };

/** A browser with the Push API: one service worker registration whose push manager we control. */
function stubPushBrowser(permission: NotificationPermission = 'default') {
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON: () => typeof SUB; unsubscribe: () => Promise<boolean> } | null = null;
  const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: SUB.endpoint,
      options: { applicationServerKey: opts.applicationServerKey.slice().buffer },
      toJSON: () => SUB,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission, requestPermission: vi.fn(async () => 'granted') }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  return { subscribe };
}

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('PushDeviceSwitch', () => {
  it('says so and stays off where the browser has no Push API', async () => {
    renderWithProviders(<PushDeviceSwitch />, {
      trpc: { 'notifications.pushDevices': () => ({ endpoints: [], appTokens: 0 }), 'notifications.pushConfig': () => ({ publicKey: KEY }) },
    });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText('This browser cannot show push notifications. Install the app or use Chrome, Edge or Firefox.')).toBeInTheDocument();
  });

  it('on: asks permission, subscribes with the server key and saves the subscription; off: forgets it', async () => {
    const { subscribe } = stubPushBrowser();
    let saved: string[] = [];
    const subscribePush = vi.fn((input: unknown) => {
      saved = [(input as typeof SUB).endpoint];
      return { id: 1 };
    });
    const unsubscribePush = vi.fn(() => {
      saved = [];
      return { removed: true };
    });
    const { user } = renderWithProviders(<PushDeviceSwitch />, {
      trpc: {
        'notifications.pushDevices': () => ({ endpoints: saved, appTokens: 0 }),
        'notifications.pushConfig': () => ({ publicKey: KEY }),
        'notifications.subscribePush': subscribePush,
        'notifications.unsubscribePush': unsubscribePush,
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(subscribePush).toHaveBeenCalledWith(SUB);
    expect(screen.getByRole('status')).toHaveTextContent('Push notifications are on for this device.');
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(unsubscribePush).toHaveBeenCalledWith({ endpoint: SUB.endpoint });
  });

  it('a browser that blocks notifications explains where to allow them', async () => {
    stubPushBrowser('denied');
    renderWithProviders(<PushDeviceSwitch />, {
      trpc: { 'notifications.pushDevices': () => ({ endpoints: [], appTokens: 0 }), 'notifications.pushConfig': () => ({ publicKey: KEY }) },
    });
    const toggle = await screen.findByRole('switch', { name: 'Push notifications on this device' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText("Notifications are blocked for Bachat in this browser. Allow them in the browser's site settings, then switch this on.")).toBeInTheDocument();
  });
});
