import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_FLAGS, type Settings } from '@server/modules/users/schema';
import { renderWithProviders } from '@client/testing/render';
import { PERMISSION_MESSAGES } from '../lib/permissions';
import { SettingsPage, applySettingsChange } from './settings-page';
import { testShopper } from '@client/testing/fixtures';
import { setLocale } from '@client/lib/i18n';

const USER = testShopper({ goldKeys: 0 });
const PUSH_FIXTURES = {
  'notifications.pushDevices': () => ({ endpoints: [], appTokens: 0 }),
  'notifications.pushConfig': () => ({ publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM' }),
};
const DEVICE_SWITCH = 'Push notifications on this device';

const allOff = (): Settings => ({
  enableAll: false,
  ...(Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, false])) as Omit<Settings, 'enableAll'>),
});

/** A fake server keeping the settings and applying the same rule the service does. */
function settingsServer(initial: Settings) {
  let stored = initial;
  const update = vi.fn((change: unknown) => {
    stored = applySettingsChange(stored, change as Partial<Settings>);
    return stored;
  });
  return {
    update,
    fixtures: {
      'users.me': () => USER,
      'users.settings': () => stored,
      'users.updateSettings': update,
      ...PUSH_FIXTURES,
    },
  };
}

beforeEach(() => {
  document.cookie = 'signedIn=1; Path=/';
});
afterEach(() => {
  document.cookie = 'signedIn=; Max-Age=0; Path=/';
});

describe('applySettingsChange', () => {
  it('ENABLE_ALL sets all seven flags; any other toggle flips alone and enableAll follows', () => {
    const on = applySettingsChange(allOff(), { enableAll: true });
    expect(NOTIFICATION_FLAGS.every((flag) => on[flag])).toBe(true);
    const oneOff = applySettingsChange(on, { smsAlerts: false });
    expect(oneOff.smsAlerts).toBe(false);
    expect(oneOff.pushNearbyOffers).toBe(true);
    expect(oneOff.enableAll).toBe(false);
  });
});

describe('SettingsPage', () => {
  it('Enable all turns on all seven toggles; one toggle then flips alone and clears Enable all', async () => {
    const server = settingsServer(allOff());
    const { user } = renderWithProviders(<SettingsPage />, { path: '/settings', trpc: server.fixtures });

    // Two queries in a row (users.me, then users.settings): allow for a busy test machine.
    const enableAll = await screen.findByRole('switch', { name: 'Enable all' }, { timeout: 5000 });
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const flagSwitches = () =>
      within(notifications)
        .getAllByRole('switch')
        .filter((el) => el !== enableAll && el !== screen.getByRole('switch', { name: DEVICE_SWITCH }));
    expect(flagSwitches()).toHaveLength(7);
    expect(flagSwitches().every((el) => !(el as HTMLInputElement).checked)).toBe(true);

    await user.click(enableAll);
    await waitFor(() => expect(server.update).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await waitFor(() => expect(flagSwitches().every((el) => (el as HTMLInputElement).checked)).toBe(true), {
      timeout: 3000,
    });
    expect(enableAll).toBeChecked();
    expect(server.update).toHaveBeenLastCalledWith({ enableAll: true });

    await user.click(screen.getByRole('switch', { name: 'SMS alerts' }));
    await waitFor(() => expect(server.update).toHaveBeenCalledTimes(2), { timeout: 3000 });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS alerts' })).not.toBeChecked(), {
      timeout: 3000,
    });
    expect(server.update).toHaveBeenLastCalledWith({ smsAlerts: false });
    expect(screen.getByRole('switch', { name: 'Nearby offers' })).toBeChecked();
    expect(enableAll).not.toBeChecked();
  });

  it('Language: choosing हिन्दी shows the page in Hindi and saves the choice on the account', async () => {
    const server = settingsServer(allOff());
    const setLanguage = vi.fn((input: unknown) => ({ ...USER, ...(input as object) }));
    const { user } = renderWithProviders(<SettingsPage />, { path: '/settings', trpc: { ...server.fixtures, 'users.setLanguage': setLanguage } });
    const english = await screen.findByRole('radio', { name: 'English' }, { timeout: 5000 });
    expect(english).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith({ language: 'hi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'सेटिंग' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    expect(document.documentElement.lang).toBe('hi-IN');
    await act(() => setLocale('en', { remember: false }));
    document.cookie = 'lang=; Max-Age=0; Path=/';
  });

  it('an answer that arrives late never flips back a switch moved since', async () => {
    let stored = allOff();
    let releaseFirst: () => void = () => {};
    let calls = 0;
    const { user } = renderWithProviders(<SettingsPage />, {
      path: '/settings',
      trpc: {
        'users.me': () => USER,
        'users.settings': () => stored,
        ...PUSH_FIXTURES,
        'users.updateSettings': async (change: unknown) => {
          calls += 1;
          const answer = (stored = applySettingsChange(stored, change as Partial<Settings>));
          if (calls === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
          return answer;
        },
      },
    });
    const sms = await screen.findByRole('switch', { name: 'SMS alerts' }, { timeout: 5000 });
    const nearby = screen.getByRole('switch', { name: 'Nearby offers' });
    await user.click(sms); // answer held back
    await user.click(nearby);
    await waitFor(() => expect(calls).toBe(2));
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sms).toBeChecked();
    expect(nearby).toBeChecked();
  });

  it('puts a toggle back and says so when saving fails', async () => {
    const { user } = renderWithProviders(<SettingsPage />, {
      path: '/settings',
      trpc: {
        'users.me': () => USER,
        'users.settings': () => allOff(),
        'users.updateSettings': () => {
          throw new Error('offline');
        },
        ...PUSH_FIXTURES,
      },
    });
    const sms = await screen.findByRole('switch', { name: 'SMS alerts' }, { timeout: 5000 });
    await user.click(sms);
    expect(await screen.findByText('We could not save that change. Please try again.')).toBeInTheDocument();
    expect(sms).not.toBeChecked();
  });

  it('location: denied gives "Geolocation permission denied"; granted cannot be turned off here', async () => {
    let state: PermissionState = 'prompt';
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: vi.fn(async () => ({ state })) },
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    const { user } = renderWithProviders(<SettingsPage />, {
      path: '/settings',
      trpc: { 'users.me': () => USER, 'users.settings': () => allOff(), ...PUSH_FIXTURES },
    });
    const location = await screen.findByRole('switch', { name: 'Location access' }, { timeout: 5000 });
    await user.click(location);
    expect(await screen.findByText(PERMISSION_MESSAGES.denied.location())).toBeInTheDocument();
    expect(location).not.toBeChecked();
    expect(localStorage.getItem('PERMISSION_LOCATION_ACCESS')).toBe('false');

    state = 'granted';
    await user.click(location);
    expect(await screen.findByText(PERMISSION_MESSAGES.alreadyGranted())).toBeInTheDocument();
    expect(location).toBeChecked();
    await user.click(location);
    expect(location).toBeChecked();
    vi.unstubAllGlobals();
  });

  it('sends a logged-out visitor to /login and remembers /settings', async () => {
    document.cookie = 'signedIn=; Max-Age=0; Path=/';
    const { location } = renderWithProviders(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(sessionStorage.getItem('authPageRedirect')).toBe('/settings');
  });
});
