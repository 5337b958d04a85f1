import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@client/testing/render';
import { stubPushBrowser as stubPush, TEST_VAPID_KEY, testPushSubscription, unstubPushBrowser } from '@client/testing/push';
import { keyBytes } from '@client/lib/web-push';
import { PaymentAlertsSwitch } from './payment-alerts-switch';

const SUB = testPushSubscription('https://fcm.googleapis.com/fcm/send/counter-1');
const KEY = TEST_VAPID_KEY;
const NAME = 'Payment alerts on this device';

const stubPushBrowser = (permission?: NotificationPermission, answer?: NotificationPermission) => stubPush(SUB, permission, answer);

afterEach(() => {
  unstubPushBrowser();
});

describe('PaymentAlertsSwitch (the counter, issue 30)', () => {
  it('unsupported browser: the switch is off and disabled, and says what to use instead', async () => {
    renderWithProviders(<PaymentAlertsSwitch />, { trpc: { 'notifications.pushConfig': () => ({ publicKey: KEY }) } });
    const toggle = await screen.findByRole('switch', { name: NAME });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('This browser cannot show notifications.');
  });

  it('blocked notifications: disabled, with how to allow them', async () => {
    stubPushBrowser('denied');
    renderWithProviders(<PaymentAlertsSwitch />, { trpc: { 'notifications.pushConfig': () => ({ publicKey: KEY }) } });
    const toggle = await screen.findByRole('switch', { name: NAME });
    expect(toggle).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Notifications are blocked for Bachat in this browser. Allow them in the site settings');
  });

  it('off → on: asks permission, subscribes with the server key and saves it for the business account; on → off forgets it', async () => {
    const { subscribe } = stubPushBrowser();
    let saved: string[] = [];
    const subscribeOwnerPush = vi.fn((input: unknown) => {
      saved = [(input as typeof SUB).endpoint];
      return { subscribed: true, devices: 1 };
    });
    const unsubscribeOwnerPush = vi.fn(() => {
      saved = [];
      return { subscribed: false, devices: 0, removed: true };
    });
    const { user } = renderWithProviders(<PaymentAlertsSwitch />, {
      trpc: {
        'notifications.pushConfig': () => ({ publicKey: KEY }),
        'notifications.ownerPushDevice': (input: unknown) => ({ subscribed: saved.includes((input as { endpoint: string }).endpoint), devices: saved.length }),
        'notifications.subscribeOwnerPush': subscribeOwnerPush,
        'notifications.unsubscribeOwnerPush': unsubscribeOwnerPush,
      },
    });
    const toggle = await screen.findByRole('switch', { name: NAME });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(subscribeOwnerPush).toHaveBeenCalledWith(SUB);
    expect(screen.getByRole('status')).toHaveTextContent('Payment alerts are on');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(unsubscribeOwnerPush).toHaveBeenCalledWith({ endpoint: SUB.endpoint });
    expect(screen.getByRole('status')).toHaveTextContent('Payment alerts are off for this device.');
  });

  it('permission refused at the prompt: stays off and says so', async () => {
    stubPushBrowser('default', 'denied');
    const subscribeOwnerPush = vi.fn();
    const { user } = renderWithProviders(<PaymentAlertsSwitch />, {
      trpc: { 'notifications.pushConfig': () => ({ publicKey: KEY }), 'notifications.subscribeOwnerPush': subscribeOwnerPush },
    });
    const toggle = await screen.findByRole('switch', { name: NAME });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Notifications are blocked for Bachat'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(subscribeOwnerPush).not.toHaveBeenCalled();
  });
});
