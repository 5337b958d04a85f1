import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CounterPayment } from '@server/modules/counter/schema';
import { INTL_LOCALE, type Locale } from '@client/lib/i18n';
import { useFirstGesture } from './use-first-gesture';

/**
 * The soundbox (issue 30, docs/business.md "Payments at the counter"): the payments screen says each new
 * payment aloud with the Web Speech API, in the console's language ("₹450 received on Bachat", "Bachat
 * पर ₹450 प्राप्त हुए", with the table when there is one), after the chime. Off until the owner turns it
 * on with a tap (browsers speak only after a gesture on the page); the choice is remembered on the
 * device, and after a reload the first tap anywhere arms it again.
 *
 * One announcement per payment however many tabs show the screen: each tab asks for a Web Lock named
 * after the order (`ifAvailable`, so nobody waits); the browser's lock manager gives it to one tab,
 * which speaks and holds it until the payment is too old to be spoken anywhere. (localStorage is not
 * enough on its own: Chromium syncs it between tabs' processes asynchronously, so two tabs can both
 * read "not yet"; it is the fallback where Web Locks are missing.) Refunds are never spoken, and neither is a payment
 * older than ANNOUNCE_MAX_AGE_MS (what a reconnecting stream replays).
 */

export const ANNOUNCE_PREFERENCE_KEY = 'bachat.counter.announce';
const ANNOUNCED_KEY = 'bachat.counter.announced';
const LOCK_PREFIX = 'bachat-counter-announce:';
/** A payment paid longer ago than this is not spoken (a replay after a reconnect, a reloaded page). */
export const ANNOUNCE_MAX_AGE_MS = 2 * 60_000;
/** The chime's length: the words start after it. */
export const CHIME_LEAD_MS = 450;
const REMEMBERED = 200;

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const exactRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
/** ₹450 (whole rupees say no paise), ₹450.50. */
export const spokenRupees = (paise: number) => (paise % 100 === 0 ? wholeRupees : exactRupees).format(paise / 100);

function readPreference(): boolean {
  try {
    return localStorage.getItem(ANNOUNCE_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writePreference(on: boolean) {
  try {
    localStorage.setItem(ANNOUNCE_PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** Marks the order announced; false when some tab already did (the caller must not speak). */
function claim(orderId: string): boolean {
  try {
    const list: string[] = JSON.parse(localStorage.getItem(ANNOUNCED_KEY) ?? '[]');
    if (list.includes(orderId)) return false;
    list.push(orderId);
    localStorage.setItem(ANNOUNCED_KEY, JSON.stringify(list.slice(-REMEMBERED)));
    return true;
  } catch {
    return true;
  }
}

/** True in the one tab that gets to say this payment; that tab holds the order's lock for `holdMs`. */
function claimAcrossTabs(orderId: string, holdMs: number): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return Promise.resolve(claim(orderId));
  return new Promise((resolve) => {
    void locks
      .request(`${LOCK_PREFIX}${orderId}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? new Promise<void>((release) => setTimeout(release, Math.max(0, holdMs))) : undefined;
      })
      .catch(() => resolve(claim(orderId)));
  });
}

export interface Soundbox {
  /** The browser can speak. */
  supported: boolean;
  /** The owner turned announcements on (remembered on the device). */
  on: boolean;
  /** A tap on this page has allowed speech. */
  armed: boolean;
  /** Turns announcements on and arms them (call from a click). */
  enable: () => void;
  disable: () => void;
  /** Says a payment that has just arrived, if announcements are on and no other tab said it. */
  announce: (payment: CounterPayment, serverNow: number) => void;
}

export function useSoundbox(): Soundbox {
  const { t, i18n } = useLingui();
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
  const [on, setOn] = useState(readPreference);
  const [armed, setArmed] = useState(false);
  const state = useRef({ on, armed });
  useEffect(() => {
    state.current = { on, armed };
  });

  const arm = useCallback(() => {
    if (!supported) return;
    // An empty utterance inside the gesture unlocks speech for the page (Chrome, Safari).
    const unlock = new SpeechSynthesisUtterance('');
    unlock.volume = 0;
    window.speechSynthesis.speak(unlock);
    setArmed(true);
  }, [supported]);

  // After a reload with announcements on: the first tap or key press anywhere arms them again.
  useFirstGesture(on && !armed && supported, 'announce-control', arm);

  const sentence = useCallback(
    (payment: CounterPayment) => {
      const amount = spokenRupees(payment.amountPaise);
      const table = payment.tableNumber;
      return table ? t`${amount} received on Bachat, table ${table}` : t`${amount} received on Bachat`;
    },
    [t],
  );

  const announce = useCallback(
    (payment: CounterPayment, serverNow: number) => {
      if (!supported || !state.current.on || !state.current.armed) return;
      const age = serverNow - payment.paidAt.getTime();
      if (age > ANNOUNCE_MAX_AGE_MS) return;
      const text = sentence(payment);
      const lang = INTL_LOCALE[(i18n.locale as Locale) in INTL_LOCALE ? (i18n.locale as Locale) : 'en'];
      void claimAcrossTabs(payment.orderId, ANNOUNCE_MAX_AGE_MS - age).then((mine) => {
        if (!mine) return;
        setTimeout(() => {
          const utterance = new SpeechSynthesisUtterance(text);
          utterance.lang = lang;
          const voice = window.speechSynthesis.getVoices().find((v) => v.lang === lang || v.lang.startsWith(`${lang.slice(0, 2)}-`));
          if (voice) utterance.voice = voice;
          window.speechSynthesis.speak(utterance);
        }, CHIME_LEAD_MS);
      });
    },
    [supported, sentence, i18n],
  );

  return {
    supported,
    on,
    armed,
    enable: () => {
      setOn(true);
      writePreference(true);
      arm();
    },
    disable: () => {
      setOn(false);
      writePreference(false);
    },
    announce,
  };
}
