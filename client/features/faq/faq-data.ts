import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { OWNER_REFUND_WINDOW_MS } from '@server/modules/payments/schema';

/** How long an outlet may refund a payment through Bachat (the server's rule, in hours). */
const refundHours = OWNER_REFUND_WINDOW_MS / 3_600_000;

/**
 * FAQ content (SPEC §1, §5, §9 help text), in the catalogs (`i18n._` each descriptor). Plain data so
 * the page, its search and its tests share one source. `id`s are stable: they key the accordion and
 * the anchors.
 */
export type FaqItem = { id: string; question: MessageDescriptor; answer: readonly MessageDescriptor[] };

export const USER_FAQ: readonly FaqItem[] = [
  {
    id: 'how-it-works',
    question: msg`How does Bachat work?`,
    answer: [
      msg`Enable location, pick an outlet near you and tap Pay Bill. Enter the final bill amount from the outlet, and the instant discount is taken off straight away.`,
      msg`You can also play Shuffle Cards to unlock an additional discount, then pay securely by card or UPI through our payment partner.`,
    ],
  },
  {
    id: 'instant-discount',
    question: msg`What is an instant discount?`,
    answer: [
      msg`Every live outlet on Bachat offers a discount on your total bill when you pay through the app. The percentage you see on the outlet card is the one live right now; it can change with the time of day, the day of the week or a special event.`,
    ],
  },
  {
    id: 'minimum-bill',
    question: msg`Is there a minimum bill amount?`,
    answer: [msg`Yes. Offers apply to bills of ₹50 or more.`],
  },
  {
    id: 'combine-offers',
    question: msg`Can I use Bachat with the outlet's own offers?`,
    answer: [
      msg`Yes. Bachat's discount is applied on the final bill, so it can be combined with the outlet's own offers and deals.`,
    ],
  },
  {
    id: 'shuffle-cards',
    question: msg`What are Shuffle Cards?`,
    answer: [
      msg`After entering your bill you can play Shuffle Cards: pick a card to unlock an additional discount on top of the instant one. The card becomes a coupon saved in your profile.`,
    ],
  },
  {
    id: 'coupon-validity',
    question: msg`How long is a coupon valid?`,
    answer: [
      msg`A coupon from a shuffle card is saved in your profile and can be used until the outlet's daily closing time or its expiry, whichever comes first.`,
      msg`You get one free shuffle per outlet each day. Another shuffle at the same outlet that day costs one Golden Key.`,
    ],
  },
  {
    id: 'golden-keys',
    question: msg`What are Golden Keys and how do I earn them?`,
    answer: [
      msg`Golden Keys are rewards you earn through Refer & Earn: share your referral link and when a friend signs up with it, Golden Keys are added to your account. Use them to unlock extra shuffles.`,
    ],
  },
  {
    id: 'referral-code',
    question: msg`Where do I enter a referral code?`,
    answer: [
      msg`On the sign-up form, tap "Have a referral code?" and enter the code (it starts with ME). If you opened a friend's referral link, the code is filled in for you. Referral codes apply only to new users who have not signed up before.`,
    ],
  },
  {
    id: 'sign-in',
    question: msg`How do I sign in?`,
    answer: [
      msg`Tap Sign In, enter your mobile number and the 6-digit OTP we send you by SMS. No password needed.`,
    ],
  },
  {
    id: 'location',
    question: msg`Why does Bachat ask for my location?`,
    answer: [
      msg`To show the outlets closest to you first. Your location is used only for that. You can also pick a location or a city by hand instead; once granted, location access can be revoked in your browser settings.`,
    ],
  },
  {
    id: 'refunds',
    question: msg`How do refunds work?`,
    answer: [
      msg`Refunds are handled by the outlet: the outlet decides, and it can refund your payment, in full or in part, through Bachat within ${refundHours} hours of your payment. The money reaches your account in 5–7 working days, and the refund shows on your receipt in the app.`,
      msg`When a bill is refunded in full, the Shuffle coupon you used on it is yours again (live again if it is still valid) and so is the Golden Key you spent on that shuffle; a bill refunded in full can no longer be reviewed. A partial refund keeps the coupon and the key used.`,
      msg`Questions about the food, goods or service follow the outlet's own policy. If a payment failed but money left your account, contact us and we will help trace it with the payment partner.`,
    ],
  },
  {
    id: 'share-outlet',
    question: msg`Can I share an outlet with friends?`,
    answer: [
      msg`Yes. Open the outlet and tap Share. If your device cannot share, the link is copied to your clipboard instead.`,
    ],
  },
  {
    id: 'delete-account',
    question: msg`How do I delete my account?`,
    answer: [
      msg`Go to Profile and choose Delete account. Your personal details are removed; payment records are kept without your personal data, as the law requires.`,
    ],
  },
];

export const BUSINESS_FAQ: readonly FaqItem[] = [
  {
    id: 'why-list',
    question: msg`Why should my outlet be on Bachat?`,
    answer: [
      msg`Shoppers nearby find you by category and distance, see your live offer and pay their bill through the app. You decide the discount and when it runs: regular, daily, event and highlight offers.`,
    ],
  },
  {
    id: 'cost',
    question: msg`What does it cost?`,
    answer: [
      msg`There is no onboarding fee and a free trial of 15 days. After that there is zero commission: only a 1.5% transaction fee on payments made through Bachat.`,
    ],
  },
  {
    id: 'onboarding-time',
    question: msg`How long does onboarding take?`,
    answer: [msg`Your outlet goes live 2-5 working days after your documents are verified.`],
  },
  {
    id: 'documents',
    question: msg`Which documents do I need?`,
    answer: [
      msg`Business name and address, PAN card, GSTIN certificate, and a cancelled cheque or passbook for settlements.`,
      msg`The GST certificate is mandatory; if it is still pending, you can submit the acknowledgment number instead.`,
    ],
  },
  {
    id: 'promotions',
    question: msg`What kinds of offers can I run?`,
    answer: [
      msg`Regular offers for fixed weekly slots, daily offers such as happy hours, event offers for special dates, and highlights that feature your outlet. You schedule them from the Promotion Organizer.`,
    ],
  },
  {
    id: 'combine',
    question: msg`Can shoppers combine Bachat with my own offers?`,
    answer: [
      msg`Yes. Bachat's discount applies on the final bill, so your in-store offers keep working as they do today.`,
    ],
  },
  {
    id: 'refund-policy',
    question: msg`Who handles refunds?`,
    answer: [
      msg`You do, under your own policy: you decide whether to refund, and you refund a payment, in full or in part, from the counter page in Bachat for Business within ${refundHours} hours of the payment. The shopper gets the money back in 5–7 working days.`,
    ],
  },
  {
    id: 'settlement',
    question: msg`When do I receive my money?`,
    answer: [
      msg`Payments are settled to your bank account after the transaction fee and the GST on it. The Settlement Report in your dashboard shows every period, its amount and its status, and "Net to you" on the Revenue page is the same amount.`,
    ],
  },
  {
    id: 'staff-accounts',
    question: msg`Can my staff manage the outlet?`,
    answer: [
      msg`Yes. The master account can create staff logins and choose which outlets each of them can manage.`,
    ],
  },
  {
    id: 'business-login',
    question: msg`How do I log in as a business?`,
    answer: [
      msg`Use For Business → Login with the username and password you received when your outlet was onboarded.`,
    ],
  },
];

/**
 * SPEC §2: substring match on the question as the reader sees it (`say` translates), ignoring case. An
 * empty query keeps everything.
 */
export function filterFaq(items: readonly FaqItem[], query: string, say: (m: MessageDescriptor) => string): readonly FaqItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => say(item.question).toLowerCase().includes(needle));
}

/** SPEC §8, word for word; mobile says "on the top" (the tabs sit above the list there). */
export const NOT_FOUND_TEXT = {
  desktop: msg`Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on the left.`,
  mobile: msg`Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on the top.`,
} as const;
