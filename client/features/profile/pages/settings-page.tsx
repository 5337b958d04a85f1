import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { NOTIFICATION_FLAGS, type NotificationFlag, type Settings } from '@server/modules/users/schema';
import { LanguageChoice } from '@client/components/ui/language-choice';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { useRequireLogin } from '@client/lib/auth';
import { useLanguage } from '@client/lib/language';
import { trpc } from '@client/lib/trpc';
import { SwitchRow } from '../components/switch-row';
import { PushDeviceSwitch } from '../components/push-device-switch';
import {
  readPermission,
  readStoredPermission,
  requestPermission,
  storePermission,
  PERMISSION_MESSAGES,
  type PermissionType,
} from '../lib/permissions';
import '@client/styles/profile.css';

type Group = 'email' | 'push' | 'sms';

const FLAG_LABELS: Record<NotificationFlag, { label: MessageDescriptor; group: Group }> = {
  emailNewCouponAlerts: { label: msg`New coupon alerts`, group: 'email' },
  emailExpiringCoupons: { label: msg`Expiring coupons`, group: 'email' },
  emailWeeklyDealsDigest: { label: msg`Weekly deals digest`, group: 'email' },
  pushDailyDealNotifications: { label: msg`Daily deal notifications`, group: 'push' },
  pushNearbyOffers: { label: msg`Nearby offers`, group: 'push' },
  pushLastMinuteFlashSales: { label: msg`Last-minute flash sales`, group: 'push' },
  smsAlerts: { label: msg`SMS alerts`, group: 'sms' },
};

const GROUPS: readonly { key: Group; title: MessageDescriptor; label: MessageDescriptor }[] = [
  { key: 'email', title: msg`Email`, label: msg`Email notifications` },
  { key: 'push', title: msg({ message: 'Push', comment: 'Notifications shown by the phone or browser' }), label: msg`Push notifications` },
  { key: 'sms', title: msg`SMS`, label: msg`SMS notifications` },
];

/** SPEC §4: ENABLE_ALL sets all seven flags to its new value; any other toggle flips alone. */
export function applySettingsChange(current: Settings, change: Partial<Settings>): Settings {
  if (change.enableAll !== undefined && change.enableAll !== current.enableAll) {
    const next = { ...current, enableAll: change.enableAll };
    for (const flag of NOTIFICATION_FLAGS) next[flag] = change.enableAll;
    return next;
  }
  const next = { ...current, ...change };
  next.enableAll = NOTIFICATION_FLAGS.every((flag) => next[flag]);
  return next;
}

export function SettingsPage() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const auth = useRequireLogin();
  const utils = trpc.useUtils();
  const settings = trpc.users.settings.useQuery(undefined, { enabled: auth.isLoggedIn });
  const [error, setError] = useState<string | null>(null);
  // Taps can outrun the server: only the newest change's answer is written back, so an older
  // response never flips a switch the shopper has moved since.
  const latest = useRef(0);
  const update = trpc.users.updateSettings.useMutation({
    onMutate: async (change) => {
      setError(null);
      const id = ++latest.current;
      await utils.users.settings.cancel();
      const previous = utils.users.settings.getData();
      if (previous) utils.users.settings.setData(undefined, applySettingsChange(previous, change as Partial<Settings>));
      return { id };
    },
    onError: () => {
      setError(t`We could not save that change. Please try again.`);
      void utils.users.settings.invalidate();
    },
    onSuccess: (saved, _change, context) => {
      if (context?.id === latest.current) utils.users.settings.setData(undefined, saved);
    },
  });

  if (!auth.isLoggedIn) return <PageLoader />;

  return (
    <div className="page account-page">
      <title>{t`Settings · Bachat`}</title>
      <meta name="description" content={t`Choose your language and the coupon and deal alerts Bachat sends you, and manage device permissions.`} />
      <h1 className="account-page__title">
        <Trans>Settings</Trans>
      </h1>

      <section className="card" aria-labelledby="language-title">
        <h2 id="language-title" className="card__title">
          <Trans>Language</Trans>
        </h2>
        <p className="card__hint">
          <Trans>Bachat speaks English and Hindi. Your choice is saved to your account, so your other devices use it too.</Trans>
        </p>
        <LanguageChoice value={language.locale} onChange={language.switchTo} />
      </section>

      <section className="card" aria-labelledby="notifications-title">
        <h2 id="notifications-title" className="card__title">
          <Trans>Notifications</Trans>
        </h2>
        <QueryState query={settings} loading={<PageLoader />} errorMessage={t`We couldn't load your settings.`}>
          {(flags) => (
            <>
              <SwitchRow
                label={t`Enable all`}
                description={t`Turn every email, push and SMS alert on or off.`}
                checked={flags.enableAll}
                onChange={(next) => update.mutate({ enableAll: next })}
              />
              {GROUPS.map((group) => (
                <div key={group.key} className="switch-group" role="group" aria-label={i18n._(group.label)}>
                  <h3 className="switch-group__title">{i18n._(group.title)}</h3>
                  {NOTIFICATION_FLAGS.filter((flag) => FLAG_LABELS[flag].group === group.key).map((flag) => (
                    <SwitchRow
                      key={flag}
                      label={i18n._(FLAG_LABELS[flag].label)}
                      checked={flags[flag]}
                      onChange={(next) => update.mutate({ [flag]: next })}
                    />
                  ))}
                  {group.key === 'push' ? <PushDeviceSwitch /> : null}
                </div>
              ))}
            </>
          )}
        </QueryState>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>

      <section className="card" aria-labelledby="permissions-title">
        <h2 id="permissions-title" className="card__title">
          <Trans>Permissions on this device</Trans>
        </h2>
        <p className="card__hint">
          <Trans>These stay on this phone or browser and are not saved to your account.</Trans>
        </p>
        <PermissionToggle type="location" label={t`Location access`} description={t`Find offers at outlets near you.`} />
        <PermissionToggle type="camera" label={t`Camera access`} description={t`Lets Scan read an outlet's QR code to pay. Your browser keeps this permission; without it, type the outlet's code on Scan.`} />
      </section>
    </div>
  );
}

function PermissionToggle({ type, label, description }: { type: PermissionType; label: string; description: string }) {
  const [granted, setGranted] = useState(() => readStoredPermission(type));
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void readPermission(type).then((state) => {
      if (cancelled || state === null) return;
      setGranted(state === 'granted');
      storePermission(type, state === 'granted');
    });
    return () => {
      cancelled = true;
    };
  }, [type]);

  async function handleChange(next: boolean) {
    setMessage(null);
    if (!next) {
      // SPEC §6: once granted, only the browser's own settings can take it back.
      const state = await readPermission(type);
      if (state === 'granted') {
        setMessage(PERMISSION_MESSAGES.alreadyGranted());
        return;
      }
      setGranted(false);
      storePermission(type, false);
      return;
    }
    setBusy(true);
    try {
      const outcome = await requestPermission(type);
      setGranted(outcome.granted);
      storePermission(type, outcome.granted);
      setMessage(outcome.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="permission">
      <SwitchRow label={label} description={description} checked={granted} disabled={busy} onChange={(next) => void handleChange(next)} />
      {message ? (
        <p className="permission__message" role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
