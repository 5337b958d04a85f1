import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { stubPushBrowser as stubPush, TEST_VAPID_KEY, testPushSubscription, unstubPushBrowser } from '@client/testing/push';
import { keyBytes } from '@client/lib/web-push';
import { PushDeviceSwitch } from './push-device-switch';

const SUB = testPushSubscription('https://push.example.test/send/1');
const KEY = TEST_VAPID_KEY;

const stubPushBrowser = (permission?: NotificationPermission, answer?: NotificationPermission) => stubPush(SUB, permission, answer);

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  unstubPushBrowser();
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
