/**
 * Every client route in one place (bulletproof-react's `paths.ts`). Components link with
 * `paths.x.href(...)`; routes.tsx matches on `paths.x.path`. Routes not built yet still get an
 * entry so links are written once and start working when the page lands.
 */
import { outletRoute } from '@client/features/outlets/lib/links';
import { SERVER_PATHS } from '@server/http/server-paths';

const slugify = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const fixed = <P extends string>(path: P) => ({ path, href: () => path });

/** Every screen but the outlet pages, which take any first segment none of these take. */
const screens = {
  home: fixed('/'),
  login: fixed('/login'),
  signup: fixed('/signup'),
  events: fixed('/events'),
  redeemedHistory: fixed('/redeemed-history'),
  redeemedHistoryItem: {
    path: '/redeemed-history/:id',
    href: (id: number | string) => `/redeemed-history/${id}`,
  },
  profile: fixed('/profile'),
  coupons: fixed('/coupons'),
  favourites: fixed('/favourites'),
  settings: fixed('/settings'),
  /** The QR scanner (issue 30): a Bachat QR opens its outlet's pay page. */
  scan: fixed('/scan'),
  /** The in-app inbox (the top bar's bell); `?open={id}` marks one read and opens its page (push taps). */
  notifications: {
    path: '/notifications',
    href: (open?: number) => (open === undefined ? '/notifications' : `/notifications?open=${open}`),
  },
  /** An email's unsubscribe link (`?t=` the link's token). */
  unsubscribe: fixed('/unsubscribe'),
  aboutUs: fixed('/about-us'),
  faqs: fixed('/faqs'),
  support: fixed('/support'),
  referEarn: fixed('/refer-earn'),
  privacy: fixed('/privacy'),
  terms: fixed('/terms'),
  becomePromoter: fixed('/become-promoter'),
  paymentSuccess: fixed('/payment-success'),
  paymentFailure: fixed('/payment-failure'),
  paymentDemo: fixed('/payment-demo'),
  enterAmount: {
    path: '/enter-amount/:outletId',
    href: (outletId: number | string) => `/enter-amount/${outletId}`,
  },
  paymentBreakdown: {
    path: '/payment-breakdown/:outletId',
    href: (outletId: number | string) => `/payment-breakdown/${outletId}`,
    /** The overlays: `convinience-fees`, `shuffle`, `shuffle/how-it-works` (features/payments/lib/links.ts). */
    overlayPath: '/payment-breakdown/:outletId/:overlay/:sub?',
  },
  /** Group pay (issue 32): the host splits a bill (`?outletId=&amount=[&t=]`), then friends open `/group/{code}`. */
  groupNew: {
    path: '/group/new',
    href: (outletId: number | string, amount?: string, table?: number | null) =>
      `/group/new?${new URLSearchParams({ outletId: String(outletId), ...(amount ? { amount } : {}), ...(table ? { t: String(table) } : {}) }).toString()}`,
  },
  group: {
    path: '/group/:code',
    href: (code: string) => `/group/${code}`,
  },
  forBusiness: fixed('/for-bussiness'),
  /** Inside the nested /for-bussiness section (features/business/lib/links.ts has the rest). */
  forBusinessLogin: fixed('/for-bussiness/login'),
  forBusinessForm: fixed('/for-business-form'),
} as const;

/** `/a/b/:c` → `a` (none for `/`). */
const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * The first path segments an outlet page (`/{city}/{name}`) may not take: every other screen's, and
 * the server's own paths (server/http/server-paths.ts). Derived, so a new screen or server path is
 * reserved by being added (client/app/paths.test.ts).
 */
export const RESERVED_FIRST_SEGMENTS: readonly string[] = [
  ...new Set([...Object.values(screens).map((screen) => screen.path), ...Object.values(SERVER_PATHS)].map(firstSegment).filter(Boolean)),
];

export const paths = {
  ...screens,
  outlet: {
    path: '/:city/:name',
    /** Every outlet page path: tabs (`/instore-offers/{id}` …) and overlays (features/outlets/lib/links.ts). */
    pattern: outletRoute(RESERVED_FIRST_SEGMENTS),
    href: (city: string, name: string) => `/${slugify(city)}/${slugify(name)}`,
    /** The in-store link shape `/{category}/{outlet-name}/instore-offers/{outletId}`. */
    instoreHref: (category: string, name: string, outletId: number | string) =>
      `/${slugify(category)}/${slugify(name)}/instore-offers/${outletId}`,
  },
} as const;

/**
 * The signed-in business console: everything under /for-bussiness but its landing and login pages.
 * The app shell asks this on every route, so it lives here rather than in the business feature, which
 * the home route must not load.
 */
export function isBusinessConsolePath(path: string): boolean {
  const base = paths.forBusiness.path;
  if (!path.startsWith(`${base}/`)) return false;
  const rest = path.slice(base.length).replace(/\/+$/, '');
  return rest !== '' && rest !== paths.forBusinessLogin.path.slice(base.length);
}

/** SPEC §2: the Profile tab is highlighted on these routes too. */
export const profileSectionPaths: readonly string[] = [
  paths.profile.path,
  paths.coupons.path,
  paths.favourites.path,
  paths.settings.path,
  paths.aboutUs.path,
  paths.faqs.path,
];
