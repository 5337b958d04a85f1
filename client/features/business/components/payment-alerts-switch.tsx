import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@client/components/ui/button';
import { BellIcon } from '@client/components/ui/icons';
import { trpc } from '@client/lib/trpc';
import { usePushDevice } from '@client/lib/use-push-device';

export const PAYMENT_ALERT_MESSAGES = {
  unsupported: msg`This browser cannot show notifications. On a phone, use Chrome or install the Bachat app; on an iPhone, add Bachat to the Home Screen first.`,
  denied: msg`Notifications are blocked for Bachat in this browser. Allow them in the site settings (the icon left of the address, then Notifications → Allow), then switch this on.`,
  refused: msg`Notifications were not allowed, so payment alerts stay off.`,
  failed: msg`We could not change payment alerts on this device. Please try again.`,
  on: msg`Payment alerts are on: this device shows every payment here, even with this page closed.`,
  off: msg`Payment alerts are off for this device.`,
} as const satisfies Record<string, MessageDescriptor>;

/**
 * The counter's "Payment alerts on this device" (issue 30): web push of every payment at the outlets this
 * account may use, so a payment is heard with the console closed. The same browser subscription as the
 * shopper's /settings switch (client/lib/use-push-device.ts), saved for the business account.
 */
export function PaymentAlertsSwitch() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const config = trpc.notifications.pushConfig.useQuery(undefined, { staleTime: Infinity });
  const subscribe = trpc.notifications.subscribeOwnerPush.useMutation();
  const unsubscribe = trpc.notifications.unsubscribeOwnerPush.useMutation();
  const device = usePushDevice({
    publicKey: config.data?.publicKey,
    save: (sub) => subscribe.mutateAsync(sub),
    forget: (endpoint) => unsubscribe.mutateAsync({ endpoint }),
    after: () => utils.notifications.ownerPushDevice.invalidate(),
  });
  const { support, endpoint, busy } = device;
  const saved = trpc.notifications.ownerPushDevice.useQuery({ endpoint: endpoint ?? '' }, { enabled: endpoint !== null });
  const on = endpoint !== null && saved.data?.subscribed === true;
  const loading = !device.checked || config.isPending || (endpoint !== null && saved.isPending);

  const note: MessageDescriptor | null = device.outcome
    ? PAYMENT_ALERT_MESSAGES[device.outcome]
    : support === 'unsupported'
      ? PAYMENT_ALERT_MESSAGES.unsupported
      : support === 'denied'
        ? PAYMENT_ALERT_MESSAGES.denied
        : null;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        role="switch"
        data-alerts-control
        aria-checked={on}
        disabled={busy || loading || support !== 'supported'}
        onClick={() => void device.change(!on)}
      >
        <BellIcon size={16} aria-hidden="true" /> <Trans>Payment alerts on this device</Trans>
        <span className="counter-switch" aria-hidden="true" data-on={on ? 'true' : undefined} />
      </Button>
      {note ? (
        <p className="counter-controls__note" role="status">
          {i18n._(note)}
        </p>
      ) : null}
    </>
  );
}
