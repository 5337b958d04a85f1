/**
 * Every client route in one place (bulletproof-react's `paths.ts`). Components link with
 * `paths.x.href(...)`; routes.tsx matches on `paths.x.path`. Routes not built yet still get an
 * entry so links are written once and start working when the page lands.
 */
const slugify = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const fixed = <P extends string>(path: P) => ({ path, href: () => path });

export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  signup: fixed('/signup'),
  events: fixed('/events'),
  redeemedHistory: fixed('/redeemed-history'),
  profile: fixed('/profile'),
  coupons: fixed('/coupons'),
  settings: fixed('/settings'),
  aboutUs: fixed('/about-us'),
  faqs: fixed('/faqs'),
  support: fixed('/support'),
  referEarn: fixed('/refer-earn'),
  privacy: fixed('/privacy'),
  terms: fixed('/terms'),
  becomePromoter: fixed('/become-promoter'),
  paymentSuccess: fixed('/payment-success'),
  paymentFailure: fixed('/payment-failure'),
  enterAmount: {
    path: '/enter-amount/:outletId',
    href: (outletId: number | string) => `/enter-amount/${outletId}`,
  },
  paymentBreakdown: {
    path: '/payment-breakdown/:outletId',
    href: (outletId: number | string) => `/payment-breakdown/${outletId}`,
  },
  outlet: {
    path: '/:city/:name',
    href: (city: string, name: string) => `/${slugify(city)}/${slugify(name)}`,
  },
  forBusiness: fixed('/for-bussiness'),
  forBusinessForm: fixed('/for-business-form'),
} as const;

/** SPEC §2: the Profile tab is highlighted on these routes too. */
export const profileSectionPaths: readonly string[] = [
  paths.profile.path,
  paths.coupons.path,
  paths.settings.path,
  paths.aboutUs.path,
  paths.faqs.path,
];
