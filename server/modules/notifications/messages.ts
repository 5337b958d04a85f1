import type { Language } from '../common/schema.ts';
import type { NotificationFlag } from '../users/schema.ts';
import { FLAG_LABELS, type NotificationKind } from './schema.ts';

/**
 * What every notification says, in the recipient's language (issue 28, docs/notifications.md): the
 * shopper's `consumers.language`, the owner's `business_owners.language`, read where the message is
 * made (a job, with no request to ask). Money, numbers, days and times are written by Intl in `en-IN`
 * or `hi-IN`, in India time. Pure functions: producers.ts gathers the facts, templates.ts lays them out
 * per channel.
 *
 * Hindi as the app speaks it (docs/i18n.md, the glossary): आप, loanwords people use (कूपन, बिल,
 * पेमेंट, ऑफ़र, डील, आउटलेट, सेटलमेंट), product names in Latin (Bachat, Shuffle Cards).
 */

const IST = 'Asia/Kolkata';
const LOCALE: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

function perLanguage<T>(make: (locale: string) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) {
      value = make(LOCALE[language]);
      made.set(language, value);
    }
    return value;
  };
}

const money = perLanguage((l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const decimal = perLanguage((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 2 }));
const clock = perLanguage((l) => new Intl.DateTimeFormat(l, { timeZone: IST, hour: 'numeric', minute: '2-digit', hour12: true }));
const dayMonth = perLanguage((l) => new Intl.DateTimeFormat(l, { timeZone: IST, day: 'numeric', month: 'short' }));
const calendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: IST, year: 'numeric', month: '2-digit', day: '2-digit' });

/** ₹1,234.50 from integer paise. */
export const rupees = (paise: number, language: Language = 'en') => money(language).format(paise / 100);
/** 7 or 7.5 (no trailing zeros). */
export const percentText = (p: number, language: Language = 'en') => decimal(language).format(p);
/** A count, grouped the Indian way. */
export const countText = (n: number, language: Language = 'en') => decimal(language).format(n);
/** "6:30 pm" in Asia/Kolkata (Intl's en-IN and hi-IN both write am/pm in Latin; the space is made plain). */
export const istTime = (at: Date, language: Language = 'en') =>
  clock(language)
    .format(at)
    .replace(/\s/g, ' ')
    .replace(/\s?([AP]M)$/i, (_m, ap: string) => ` ${ap.toLowerCase()}`);
/** "24 Nov" ("24 नव॰") in Asia/Kolkata. */
export const istDay = (at: Date, language: Language = 'en') => dayMonth(language).format(at);

const dayNumber = (at: Date) => Date.parse(`${calendarDay.format(at)}T00:00:00Z`) / 86_400_000;

/**
 * When a coupon or an offer stops, said as the client's `formatValidUntil` says it: "6:30 pm today",
 * "1:00 am tomorrow" (the IST day of the moment against the IST day of `now`), else "29 Nov, 1:00 am";
 * in Hindi "आज 6:30 pm", "कल 1:00 am", "29 नव॰, 1:00 am".
 */
export function validUntilText(at: Date, now: Date, language: Language = 'en'): string {
  const time = istTime(at, language);
  const days = dayNumber(at) - dayNumber(now);
  if (days === 0) return language === 'hi' ? `आज ${time}` : `${time} today`;
  if (days === 1) return language === 'hi' ? `कल ${time}` : `${time} tomorrow`;
  return `${istDay(at, language)}, ${time}`;
}

/** "300 m", "1.2 km" ("300 मीटर", "1.2 किमी"). */
export function distanceText(metres: number, language: Language = 'en'): string {
  if (metres < 1000) {
    const m = Math.max(100, Math.round(metres / 100) * 100);
    return language === 'hi' ? `${m} मीटर` : `${m} m`;
  }
  const km = (metres / 1000).toFixed(1);
  return language === 'hi' ? `${km} किमी` : `${km} km`;
}

const plural = (n: number, one: string, other: string) => (n === 1 ? one : other);

export interface Text {
  title: string;
  body: string;
}

// ---------------------------------------------------------------- coupons

export function newCouponText(f: { percent: number; outletName: string; locality: string; validUntil: Date; now: Date }, language: Language): Text {
  const pct = percentText(f.percent, language);
  const until = validUntilText(f.validUntil, f.now, language);
  return language === 'hi'
    ? {
        title: `${f.outletName} पर आपका ${pct}% का कूपन`,
        body: `Shuffle Cards से आपको ${f.outletName}, ${f.locality} पर ${pct}% की छूट मिली है। इसे इस्तेमाल करने के लिए ${until} से पहले वहाँ Bachat से अपना बिल चुकाएँ।`,
      }
    : {
        title: `Your ${pct}% coupon at ${f.outletName}`,
        body: `Shuffle Cards won you ${pct}% off at ${f.outletName}, ${f.locality}. Pay your bill there through Bachat before ${until} to use it.`,
      };
}

export function expiringCouponText(f: { percent: number; outletName: string; locality: string; validUntil: Date }, language: Language): Text {
  const pct = percentText(f.percent, language);
  const time = istTime(f.validUntil, language);
  return language === 'hi'
    ? {
        title: `${f.outletName} पर आपका ${pct}% का कूपन ${time} पर खत्म हो रहा है`,
        body: `इसे एक घंटे के अंदर इस्तेमाल करें: ${time} से पहले ${f.outletName}, ${f.locality} पर Bachat से अपना बिल चुकाएँ और ${pct}% की छूट पाएँ।`,
      }
    : {
        title: `Your ${pct}% coupon at ${f.outletName} expires at ${time}`,
        body: `Use it within the hour: pay your bill at ${f.outletName}, ${f.locality} through Bachat before ${time} and get ${pct}% off.`,
      };
}

// ---------------------------------------------------------------- offers

/** "until 6:00 pm" ("6:00 pm तक"): how long an offer in a digest or a deal runs. */
export const offerUntilText = (end: Date, language: Language) => (language === 'hi' ? `${istTime(end, language)} तक` : `until ${istTime(end, language)}`);

export function weeklyDigestText(f: { near: string | null; best: number; outlets: number }, language: Language): Text {
  const best = percentText(f.best, language);
  const n = countText(f.outlets, language);
  return language === 'hi'
    ? {
        title: f.near ? `${f.near} के पास इस हफ़्ते की सबसे अच्छी डील` : 'आपके पास इस हफ़्ते की सबसे अच्छी डील',
        body: `आपके पास ${n} आउटलेट पर ${best}% तक की छूट। आउटलेट पर Bachat से बिल चुकाएँ और तुरंत बचत करें।`,
      }
    : {
        title: `This week's best deals${f.near ? ` near ${f.near}` : ' near you'}`,
        body: `Up to ${best}% off at ${n} ${plural(f.outlets, 'outlet', 'outlets')} near you. Pay the bill at the outlet through Bachat and save on the spot.`,
      };
}

export function dailyDealText(f: { percent: number; outletName: string; locality: string; title: string | null; until: string | null }, language: Language): Text {
  const pct = percentText(f.percent, language);
  const where = `${f.locality}${f.until ? `, ${f.until}` : ''}`;
  return language === 'hi'
    ? {
        title: `आज की डील: ${f.outletName} पर ${pct}% की छूट`,
        body: `${f.title ? `${f.title}। ` : ''}${where}। यह छूट पाने के लिए Bachat से बिल चुकाएँ।`,
      }
    : {
        title: `Deal of the day: ${pct}% off at ${f.outletName}`,
        body: `${f.title ? `${f.title}. ` : ''}${where}. Pay the bill through Bachat to get it.`,
      };
}

export function flashSaleText(
  f: { percent: number; outletName: string; locality: string; title: string; start: Date; end: Date; started: boolean; metres: number },
  language: Language,
): Text {
  const pct = percentText(f.percent, language);
  const away = distanceText(f.metres, language);
  const start = istTime(f.start, language);
  const end = istTime(f.end, language);
  if (language === 'hi') {
    const when = f.started ? `अभी से ${end} तक` : `आज ${start}–${end}`;
    return {
      title: `${f.outletName} पर फ़्लैश सेल: ${pct}% की छूट`,
      body: `${f.title}: ${f.locality} में ${when} ${pct}% की छूट, आपसे ${away} दूर।`,
    };
  }
  const when = f.started ? `now until ${end}` : `${start}–${end} today`;
  return {
    title: `Flash sale at ${f.outletName}: ${pct}% off`,
    body: `${f.title}: ${pct}% off ${when} at ${f.locality}, ${away} from you.`,
  };
}

export function nearbyOfferText(f: { percent: number; outletName: string; locality: string; title: string; end: Date; metres: number }, language: Language): Text {
  const pct = percentText(f.percent, language);
  const away = distanceText(f.metres, language);
  const end = istTime(f.end, language);
  return language === 'hi'
    ? {
        title: `${f.outletName} पर नया ऑफ़र: ${pct}% की छूट`,
        body: `${f.title}, अभी ${end} तक, ${f.locality} में, आपसे ${away} दूर।`,
      }
    : {
        title: `New at ${f.outletName}: ${pct}% off`,
        body: `${f.title}, live now until ${end} at ${f.locality}, ${away} from you.`,
      };
}

// ---------------------------------------------------------------- payments

export function paymentReceiptText(f: { amountPaise: number; savedPaise: number; outletName: string; receiptCode: string | null }, language: Language): Text {
  const amount = rupees(f.amountPaise, language);
  const saved = rupees(f.savedPaise, language);
  return language === 'hi'
    ? {
        title: `${f.outletName} पर ${amount} का पेमेंट हो गया`,
        body: `आपने ${f.outletName} पर ${amount} चुकाए और ${saved} बचाए।${f.receiptCode ? ` रसीद ${f.receiptCode}।` : ''}`,
      }
    : {
        title: `Paid ${amount} at ${f.outletName}`,
        body: `You paid ${amount} at ${f.outletName} and saved ${saved}.${f.receiptCode ? ` Receipt ${f.receiptCode}.` : ''}`,
      };
}

export function paymentReceivedText(f: { amountPaise: number; billPaise: number; outletName: string; receiptCode: string | null }, language: Language): Text {
  const amount = rupees(f.amountPaise, language);
  const bill = rupees(f.billPaise, language);
  return language === 'hi'
    ? {
        title: `${f.outletName} पर पेमेंट मिला`,
        body: `${f.outletName} पर एक Bachat ग्राहक से ${amount} मिले (बिल ${bill})।${f.receiptCode ? ` रसीद ${f.receiptCode}।` : ''}`,
      }
    : {
        title: `Payment received at ${f.outletName}`,
        body: `Received ${amount} from a Bachat shopper at ${f.outletName} (bill ${bill}).${f.receiptCode ? ` Receipt ${f.receiptCode}.` : ''}`,
      };
}

/**
 * The owner's payment alert (issue 30), a web push: "₹450.00 received on Bachat" ("Bachat पर ₹450.00
 * प्राप्त हुए"), with " · Table 7" ("· टेबल 7") when the shopper paid from a table's QR; the body names the
 * outlet and the receipt (an account with several outlets knows where).
 */
export function paymentAlertText(f: { amountPaise: number; tableNumber: number | null; outletName: string; receiptCode: string | null }, language: Language): Text {
  const amount = rupees(f.amountPaise, language);
  return language === 'hi'
    ? {
        title: `Bachat पर ${amount} प्राप्त हुए${f.tableNumber !== null ? ` · टेबल ${f.tableNumber}` : ''}`,
        body: `${f.outletName}${f.receiptCode ? ` · रसीद ${f.receiptCode}` : ''}`,
      }
    : {
        title: `${amount} received on Bachat${f.tableNumber !== null ? ` · Table ${f.tableNumber}` : ''}`,
        body: `${f.outletName}${f.receiptCode ? ` · Receipt ${f.receiptCode}` : ''}`,
      };
}

/** The refund message (SMS and inbox), in the shopper's language. */
export function refundText(amountPaise: number, outletName: string, language: Language): Text {
  const amount = rupees(amountPaise, language);
  return language === 'hi'
    ? {
        title: `${amount} का रिफ़ंड आ रहा है`,
        body: `${outletName} पर आपके बिल के ${amount} का रिफ़ंड शुरू हो गया है। यह रकम 5-7 कामकाजी दिनों में आपके खाते में पहुँच जाएगी।`,
      }
    : {
        title: `Refund of ${amount} on its way`,
        body: `Your refund of ${amount} for the bill at ${outletName} has been started. It reaches your account in 5-7 working days.`,
      };
}

/**
 * A group bill closed before every share was paid (issue 32), to the host and to anyone who started
 * paying a share but had not paid when it closed: every share paid goes back in full, and so does a
 * payment that arrives later (its order is refunded on capture).
 */
export function groupExpiredText(f: { outletName: string; paidShares: number; shares: number }, language: Language): Text {
  const paid = countText(f.paidShares, language);
  const shares = countText(f.shares, language);
  if (language === 'hi')
    return {
      title: `${f.outletName} का ग्रुप बिल बंद हो गया`,
      body:
        f.paidShares === 0
          ? `समय ख़त्म होने तक ${shares} में से कोई हिस्सा नहीं चुकाया गया। रास्ते में कोई भुगतान हो तो वह पूरा वापस होगा।`
          : `समय ख़त्म होने तक ${shares} में से ${paid} हिस्से ही चुकाए गए। चुकाया गया हर हिस्सा पूरा वापस होगा, रास्ते में कोई भुगतान भी।`,
    };
  return {
    title: `Your group bill at ${f.outletName} has closed`,
    body:
      f.paidShares === 0
        ? `Time ran out before any of the ${shares} shares was paid. A payment still on its way is refunded in full.`
        : `Time ran out with ${paid} of ${shares} shares paid. Every share paid is refunded in full, and so is a payment still on its way.`,
  };
}

// ---------------------------------------------------------------- owners: the weekly settlement summary

export function settlementSummaryText(
  f: { from: Date; to: Date; totalPaise: number; settledPaise: number; bills: number; outlets: number },
  language: Language,
): Text {
  const total = rupees(f.totalPaise, language);
  const settled = rupees(f.settledPaise, language);
  const pending = rupees(f.totalPaise - f.settledPaise, language);
  const from = istDay(f.from, language);
  const to = istDay(f.to, language);
  const bills = countText(f.bills, language);
  const outlets = countText(f.outlets, language);
  return language === 'hi'
    ? {
        title: `${from}–${to} के आपके Bachat भुगतान`,
        body: `${outlets} आउटलेट के ${bills} बिलों से ${total}: ${settled} आपके बैंक खाते में, ${pending} रास्ते में।`,
      }
    : {
        title: `Your Bachat payouts for ${from}–${to}`,
        body: `${total} from ${bills} ${plural(f.bills, 'bill', 'bills')} at ${outlets} ${plural(f.outlets, 'outlet', 'outlets')}: ${settled} in your bank, ${pending} on its way.`,
      };
}

export function settlementLineText(f: { outletName: string; payoutPaise: number; settledPaise: number; bills: number }, language: Language): string {
  const payout = rupees(f.payoutPaise, language);
  const settled = rupees(f.settledPaise, language);
  const bills = countText(f.bills, language);
  return language === 'hi'
    ? `${f.outletName}: ${bills} बिलों से ${payout} (${settled} सेटल हो चुके)`
    : `${f.outletName}: ${payout} from ${bills} ${plural(f.bills, 'bill', 'bills')} (${settled} settled)`;
}

// ---------------------------------------------------------------- the email's own words

const CTA: Record<Language, Partial<Record<NotificationKind, string>> & { default: string }> = {
  en: {
    new_coupon: 'See my coupons',
    expiring_coupon: 'Pay the bill now',
    weekly_digest: 'See all deals near me',
    settlement_summary: 'Open the settlement report',
    default: 'Open Bachat',
  },
  hi: {
    new_coupon: 'मेरे कूपन देखें',
    expiring_coupon: 'अभी बिल चुकाएँ',
    weekly_digest: 'मेरे पास की सभी डील देखें',
    settlement_summary: 'सेटलमेंट रिपोर्ट खोलें',
    default: 'Bachat खोलें',
  },
};

/** The email's button. */
export const callToAction = (kind: NotificationKind, language: Language) => CTA[language][kind] ?? CTA[language].default;

/** The settings' names, as /settings shows them in each language (client catalogs' words). */
export const FLAG_LABELS_BY_LANGUAGE: Record<Language, Record<NotificationFlag, string>> = {
  en: FLAG_LABELS,
  hi: {
    emailNewCouponAlerts: 'नए कूपन के अलर्ट',
    emailExpiringCoupons: 'खत्म होने वाले कूपन',
    emailWeeklyDealsDigest: 'हफ़्ते की डील का सार',
    pushDailyDealNotifications: 'रोज़ की डील की सूचनाएँ',
    pushNearbyOffers: 'आस-पास के ऑफ़र',
    pushLastMinuteFlashSales: 'आखिरी मिनट की फ़्लैश सेल',
    smsAlerts: 'SMS अलर्ट',
  },
};

/** An offer in the digest email: "20% off at Meghana Foods, Koramangala" / "Meghana Foods, Koramangala पर 20% की छूट". */
export function digestOfferText(f: { percent: number; outletName: string; locality: string }, language: Language): string {
  const pct = percentText(f.percent, language);
  return language === 'hi' ? `${f.outletName}, ${f.locality} पर ${pct}% की छूट` : `${pct}% off at ${f.outletName}, ${f.locality}`;
}

/** The email's footer: why it came and how to stop it. */
export function unsubscribeText(label: string, language: Language): { why: string; turnOff: string; link: string } {
  return language === 'hi'
    ? {
        why: `आपको यह ईमेल इसलिए मिला है क्योंकि आपकी Bachat सेटिंग में "${label}" चालू है।`,
        turnOff: 'इसे बंद करें',
        link: `"${label}" बंद करें`,
      }
    : {
        why: `You get this email because "${label}" is on in your Bachat settings.`,
        turnOff: 'Turn it off',
        link: `Unsubscribe from ${label.toLowerCase()}`,
      };
}
