import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { trpc } from '@client/lib/trpc';
import { usePushDevice } from '@client/lib/use-push-device';
import { SwitchRow } from './switch-row';

export const PUSH_DEVICE_MESSAGES = {
  unsupported: msg`This browser cannot show push notifications. Install the app or use Chrome, Edge or Firefox.`,
  denied: msg`Notifications are blocked for Bachat in this browser. Allow them in the browser's site settings, then switch this on.`,
  refused: msg`Push notifications were not allowed, so nothing changed.`,
  failed: msg`We could not change push notifications on this device. Please try again.`,
  on: msg`Push notifications are on for this device.`,
  off: msg`Push notifications are off for this device.`,
  about: msg`Show daily deals, nearby offers and flash sales as notifications on this phone or browser (never between 10 pm and 8 am).`,
} as const;

/**
 * /settings: push notifications on THIS browser (the Push flags above say which pushes; this says where).
 * On: asks the browser's permission, subscribes with the server's VAPID key and saves the subscription;
 * off: ends the subscription and tells the server to forget it.
 */
export function PushDeviceSwitch() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const devices = trpc.notifications.pushDevices.useQuery();
  const config = trpc.notifications.pushConfig.useQuery(undefined, { staleTime: Infinity });
  const subscribe = trpc.notifications.subscribePush.useMutation();
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation();
  const device = usePushDevice({
    publicKey: config.data?.publicKey,
    save: (sub) => subscribe.mutateAsync(sub),
    forget: (endpoint) => unsubscribe.mutateAsync({ endpoint }),
    after: () => utils.notifications.pushDevices.invalidate(),
  });
  const { support, endpoint, busy } = device;
  const message: MessageDescriptor | null = device.outcome ? PUSH_DEVICE_MESSAGES[device.outcome] : null;

  const on = endpoint !== null && (devices.data?.endpoints.includes(endpoint) ?? false);

  const description = i18n._(
    support === 'unsupported' ? PUSH_DEVICE_MESSAGES.unsupported : support === 'denied' ? PUSH_DEVICE_MESSAGES.denied : PUSH_DEVICE_MESSAGES.about,
  );
  return (
    <div className="permission">
      <SwitchRow
        label={t`Push notifications on this device`}
        description={description}
        checked={on}
        disabled={busy || support !== 'supported' || devices.isPending || config.isPending}
        onChange={(next) => void device.change(next)}
      />
      {message ? (
        <p className="permission__message" role="status">
          {i18n._(message)}
        </p>
      ) : null}
    </div>
  );
}
