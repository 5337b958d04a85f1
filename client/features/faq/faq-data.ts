/**
 * FAQ content (SPEC §1, §5, §9 help text). Plain data so the page, its search and its tests share
 * one source. `id`s are stable: they key the accordion and the anchors.
 */
export type FaqItem = { id: string; question: string; answer: readonly string[] };

export const USER_FAQ: readonly FaqItem[] = [
  {
    id: 'how-it-works',
    question: 'How does Bachat work?',
    answer: [
      'Enable location, pick an outlet near you and tap Pay Bill. Enter the final bill amount from the outlet, and the instant discount is taken off straight away.',
      'You can also play Shuffle Cards to unlock an additional discount, then pay securely by card or UPI through our payment partner.',
    ],
  },
  {
    id: 'instant-discount',
    question: 'What is an instant discount?',
    answer: [
      'Every live outlet on Bachat offers a discount on your total bill when you pay through the app. The percentage you see on the outlet card is the one live right now; it can change with the time of day, the day of the week or a special event.',
    ],
  },
  {
    id: 'minimum-bill',
    question: 'Is there a minimum bill amount?',
    answer: ['Yes. Offers apply to bills of ₹50 or more.'],
  },
  {
    id: 'combine-offers',
    question: "Can I use Bachat with the outlet's own offers?",
    answer: [
      "Yes. Bachat's discount is applied on the final bill, so it can be combined with the outlet's own offers and deals.",
    ],
  },
  {
    id: 'shuffle-cards',
    question: 'What are Shuffle Cards?',
    answer: [
      'After entering your bill you can play Shuffle Cards: pick a card to unlock an additional discount on top of the instant one. The card becomes a coupon saved in your profile.',
    ],
  },
  {
    id: 'coupon-validity',
    question: 'How long is a coupon valid?',
    answer: [
      "A coupon from a shuffle card is saved in your profile and can be used until the outlet's daily closing time or its expiry, whichever comes first. If the offer is still available you can generate it again.",
    ],
  },
  {
    id: 'golden-keys',
    question: 'What are Golden Keys and how do I earn them?',
    answer: [
      'Golden Keys are rewards you earn through Refer & Earn: share your referral link and when a friend signs up with it, Golden Keys are added to your account. Use them to unlock extra shuffles.',
    ],
  },
  {
    id: 'referral-code',
    question: 'Where do I enter a referral code?',
    answer: [
      'On the sign-up form, tap "Have a referral code?" and enter the code (it starts with ME). If you opened a friend\'s referral link, the code is filled in for you. Referral codes apply only to new users who have not signed up before.',
    ],
  },
  {
    id: 'sign-in',
    question: 'How do I sign in?',
    answer: [
      'Tap Sign In, enter your mobile number and the 6-digit OTP we send you by SMS. No password needed.',
    ],
  },
  {
    id: 'location',
    question: 'Why does Bachat ask for my location?',
    answer: [
      'To show the outlets closest to you first. Your location is used only for that. You can also pick a location or a city by hand instead; once granted, location access can be revoked in your browser settings.',
    ],
  },
  {
    id: 'refunds',
    question: 'How do refunds work?',
    answer: [
      'Refunds for goods or services are handled by the outlet, not by Bachat. If a payment failed but money left your account, contact us and we will help trace it with the payment partner.',
    ],
  },
  {
    id: 'share-outlet',
    question: 'Can I share an outlet with friends?',
    answer: [
      'Yes. Open the outlet and tap Share. If your device cannot share, the link is copied to your clipboard instead.',
    ],
  },
  {
    id: 'delete-account',
    question: 'How do I delete my account?',
    answer: [
      'Go to Profile and choose Delete account. Your personal details are removed; payment records are kept without your personal data, as the law requires.',
    ],
  },
];

export const BUSINESS_FAQ: readonly FaqItem[] = [
  {
    id: 'why-list',
    question: 'Why should my outlet be on Bachat?',
    answer: [
      'Shoppers nearby find you by category and distance, see your live offer and pay their bill through the app. You decide the discount and when it runs: regular, daily, event and highlight offers.',
    ],
  },
  {
    id: 'cost',
    question: 'What does it cost?',
    answer: [
      'There is no onboarding fee and a free trial of 15 days. After that there is zero commission: only a 1.5% transaction fee on payments made through Bachat.',
    ],
  },
  {
    id: 'onboarding-time',
    question: 'How long does onboarding take?',
    answer: ['Your outlet goes live 2-5 working days after your documents are verified.'],
  },
  {
    id: 'documents',
    question: 'Which documents do I need?',
    answer: [
      'Business name and address, PAN card, GSTIN certificate, and a cancelled cheque or passbook for settlements.',
      'The GST certificate is mandatory; if it is still pending, you can submit the acknowledgment number instead.',
    ],
  },
  {
    id: 'promotions',
    question: 'What kinds of offers can I run?',
    answer: [
      'Regular offers for fixed weekly slots, daily offers such as happy hours, event offers for special dates, and highlights that feature your outlet. You schedule them from the Promotion Organizer.',
    ],
  },
  {
    id: 'combine',
    question: 'Can shoppers combine Bachat with my own offers?',
    answer: [
      "Yes. Bachat's discount applies on the final bill, so your in-store offers keep working as they do today.",
    ],
  },
  {
    id: 'refund-policy',
    question: 'Who handles refunds?',
    answer: [
      'Refunds for goods or services are handled by your outlet under your own policy. Bachat handles only payment issues.',
    ],
  },
  {
    id: 'settlement',
    question: 'When do I receive my money?',
    answer: [
      'Payments are settled to your bank account after the transaction fee. The Settlement Report in your dashboard shows every period, its amount and its status.',
    ],
  },
  {
    id: 'staff-accounts',
    question: 'Can my staff manage the outlet?',
    answer: [
      'Yes. The master account can create staff logins and choose which outlets each of them can manage.',
    ],
  },
  {
    id: 'business-login',
    question: 'How do I log in as a business?',
    answer: [
      'Use For Business → Login with the username and password you received when your outlet was onboarded.',
    ],
  },
];

/** SPEC §2: substring match on the question, ignoring case. An empty query keeps everything. */
export function filterFaq(items: readonly FaqItem[], query: string): readonly FaqItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => item.question.toLowerCase().includes(needle));
}

/** SPEC §8, word for word; mobile says "on the top" (the tabs sit above the list there). */
export function notFoundText(isDesktop: boolean): string {
  return `Sorry, we couldn't find what you were looking for. Need help? Just tap 'Contact Us' on ${
    isDesktop ? 'the left' : 'the top'
  }.`;
}
