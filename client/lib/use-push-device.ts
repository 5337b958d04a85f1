import { useEffect, useState } from 'react';
import { currentSubscription, pushSupport, subscribeThisBrowser, unsubscribeThisBrowser, type PushSupport, type SubscriptionJson } from './web-push';

/** What the last switch did: the switch's message says it in its own words. */
export type PushDeviceOutcome = 'on' | 'off' | 'denied' | 'refused' | 'failed';

export interface PushDeviceOptions {
  /** The server's VAPID key (`notifications.pushConfig`); undefined while it loads. */
  publicKey: string | undefined;
  /** Saves this browser's subscription for the signed-in person (shopper or business account). */
  save: (subscription: SubscriptionJson) => Promise<unknown>;
  /** Forgets this browser's endpoint on the server. */
  forget: (endpoint: string) => Promise<unknown>;
  /** After either: refresh what the server says about the devices. */
  after?: () => Promise<unknown>;
}

/**
 * One browser's web push switch (shared by the shopper's /settings and the owner's counter): finds this
 * browser's subscription, and on `change(true)` asks the permission, subscribes with the server's key and
 * saves it; on `change(false)` ends the subscription and has the server forget it. Whether the server
 * counts this browser as on is the caller's query (by `endpoint`).
 */
export function usePushDevice({ publicKey, save, forget, after }: PushDeviceOptions) {
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  /** The browser has been asked for its subscription (the endpoint, or none). */
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PushDeviceOutcome | null>(null);

  useEffect(() => {
    let cancelled = false;
    if (support !== 'unsupported') {
      void currentSubscription()
        .then((sub) => {
          if (!cancelled) setEndpoint(sub?.endpoint ?? null);
        })
        .catch(() => undefined)
        .finally(() => {
          if (!cancelled) setAsked(true);
        });
    }
    return () => {
      cancelled = true;
    };
  }, [support]);

  async function change(next: boolean): Promise<void> {
    setOutcome(null);
    setBusy(true);
    try {
      if (next) {
        if (!publicKey) throw new Error('no key');
        const sub = await subscribeThisBrowser(publicKey);
        if (!sub) {
          const now = pushSupport();
          setSupport(now);
          setOutcome(now === 'denied' ? 'denied' : 'refused');
          return;
        }
        await save(sub);
        setEndpoint(sub.endpoint);
        setOutcome('on');
      } else {
        const gone = (await unsubscribeThisBrowser()) ?? endpoint;
        if (gone) await forget(gone);
        setEndpoint(null);
        setOutcome('off');
      }
      await after?.();
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  }

  const checked = asked || support === 'unsupported';
  return { support, endpoint, checked, busy, outcome, change };
}
