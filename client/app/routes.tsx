import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { parse } from 'regexparam';
import { Route, Switch, matchRoute } from 'wouter';
import { PageLoader } from '@client/components/ui/spinner';
import { afterCatalogs } from '@client/lib/i18n';
import { HydrationMark } from '@client/lib/hydration';
import { paths } from './paths';

/** SPEC §8/§9: a screen's code that has not arrived after 120 s fails with a chunk-load error. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's code; resolves once it is there (rejects on a chunk-load error). */
  preload: () => Promise<void>;
};

/**
 * A page whose code loads on first use. Once loaded (by rendering it, or ahead of time with
 * `preload`), rendering it never suspends again: the factory hands React an already-settled
 * thenable, so boot.tsx can load the first screen's code before React's first render and paint it
 * over the prerendered shell in one go, with no spinner in between.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (pending ??= withChunkTimeout(load().then(afterCatalogs)).then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a later render may try again
        throw error;
      },
    ));
  const page = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A settled thenable: React.lazy reads it synchronously and does not suspend.
      return { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }) } as Promise<{ default: ComponentType<P> }>;
    }
    return start().then((component) => ({ default: component }));
  });
  return Object.assign(page, { preload: () => start().then(() => undefined) });
}

async function withChunkTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error('Loading chunk timed out');
      error.name = 'ChunkLoadError';
      reject(error);
    }, CHUNK_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const HomePage = lazyPage(() =>
  import('@client/features/outlets/pages/home-page').then((m) => m.HomePage),
);
const FavouritesPage = lazyPage(() =>
  import('@client/features/outlets/pages/favourites-page').then((m) => m.FavouritesPage),
);
const ProfilePage = lazyPage(() =>
  import('@client/features/profile/pages/profile-page').then((m) => m.ProfilePage),
);
const SettingsPage = lazyPage(() =>
  import('@client/features/profile/pages/settings-page').then((m) => m.SettingsPage),
);
const InboxPage = lazyPage(() =>
  import('@client/features/notifications/pages/inbox-page').then((m) => m.InboxPage),
);
const UnsubscribePage = lazyPage(() =>
  import('@client/features/notifications/pages/unsubscribe-page').then((m) => m.UnsubscribePage),
);
const SupportPage = lazyPage(() =>
  import('@client/features/support/pages/support-page').then((m) => m.SupportPage),
);
const ReferEarnPage = lazyPage(() =>
  import('@client/features/referrals/pages/refer-earn-page').then((m) => m.ReferEarnPage),
);
const OutletPage = lazyPage(() =>
  import('@client/features/outlets/pages/outlet-page').then((m) => m.OutletPage),
);
const FaqPage = lazyPage(() => import('@client/features/faq/pages/faq-page').then((m) => m.FaqPage));
const AboutUsPage = lazyPage(() =>
  import('@client/features/content/pages/about-us-page').then((m) => m.AboutUsPage),
);
const PrivacyPage = lazyPage(() =>
  import('@client/features/content/pages/privacy-page').then((m) => m.PrivacyPage),
);
const TermsPage = lazyPage(() =>
  import('@client/features/content/pages/terms-page').then((m) => m.TermsPage),
);
const EventsPage = lazyPage(() =>
  import('@client/features/content/pages/events-page').then((m) => m.EventsPage),
);
const BecomePromoterPage = lazyPage(() =>
  import('@client/features/promoters/pages/become-promoter-page').then((m) => m.BecomePromoterPage),
);
const EnterAmountPage = lazyPage(() =>
  import('@client/features/payments/pages/enter-amount-page').then((m) => m.EnterAmountPage),
);
const PaymentBreakdownPage = lazyPage(() =>
  import('@client/features/payments/pages/payment-breakdown-page').then((m) => m.PaymentBreakdownPage),
);
const PaymentDemoPage = lazyPage(() =>
  import('@client/features/payments/pages/payment-demo-page').then((m) => m.PaymentDemoPage),
);
const PaymentSuccessPage = lazyPage(() =>
  import('@client/features/payments/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const PaymentFailurePage = lazyPage(() =>
  import('@client/features/payments/pages/payment-failure-page').then((m) => m.PaymentFailurePage),
);
const GroupSplitPage = lazyPage(() =>
  import('@client/features/payments/pages/group-split-page').then((m) => m.GroupSplitPage),
);
const GroupPage = lazyPage(() => import('@client/features/payments/pages/group-page').then((m) => m.GroupPage));
const CouponsPage = lazyPage(() =>
  import('@client/features/coupons/pages/coupons-page').then((m) => m.CouponsPage),
);
const RedeemedHistoryPage = lazyPage(() =>
  import('@client/features/history/pages/redeemed-history-page').then((m) => m.RedeemedHistoryPage),
);
const RedemptionPage = lazyPage(() =>
  import('@client/features/history/pages/redemption-page').then((m) => m.RedemptionPage),
);
const BusinessFormPage = lazyPage(() =>
  import('@client/features/business-form/pages/business-form-page').then((m) => m.BusinessFormPage),
);
const BusinessSectionRoutes = lazyPage(() =>
  import('@client/features/business/business-section').then((m) => m.BusinessSectionRoutes),
);
const ScanPage = lazyPage(() => import('@client/features/scan/pages/scan-page').then((m) => m.ScanPage));
const NotFoundPage = lazyPage(() =>
  import('@client/features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
);

/** The prerendered shells of client/app/shells.tsx, by name. */
export type ShellName = 'home' | 'business-login' | 'outlet' | 'enter-amount' | 'scan';

type RouteEntry = {
  path: string | RegExp;
  page: LazyPage<object>;
  nest?: boolean;
  /** The prerendered shell the server answers this route with (else the route-neutral one). */
  shell?: ShellName;
};

/** One entry per page, in match order; the 404 (NotFoundPage) comes after all of them. */
const ROUTES: readonly RouteEntry[] = [
  { path: paths.home.path, page: HomePage, shell: 'home' },
  // SPEC §2: /login and /signup are the home page with the auth panel over it.
  { path: paths.login.path, page: HomePage, shell: 'home' },
  { path: paths.signup.path, page: HomePage, shell: 'home' },
  { path: paths.profile.path, page: ProfilePage },
  { path: paths.settings.path, page: SettingsPage },
  { path: paths.notifications.path, page: InboxPage },
  { path: paths.unsubscribe.path, page: UnsubscribePage },
  { path: paths.support.path, page: SupportPage },
  { path: paths.referEarn.path, page: ReferEarnPage },
  { path: paths.faqs.path, page: FaqPage },
  { path: paths.aboutUs.path, page: AboutUsPage },
  { path: paths.privacy.path, page: PrivacyPage },
  { path: paths.terms.path, page: TermsPage },
  { path: paths.events.path, page: EventsPage },
  { path: paths.scan.path, page: ScanPage, shell: 'scan' },
  { path: paths.becomePromoter.path, page: BecomePromoterPage },
  { path: paths.enterAmount.path, page: EnterAmountPage, shell: 'enter-amount' },
  { path: paths.paymentBreakdown.path, page: PaymentBreakdownPage },
  { path: paths.paymentBreakdown.overlayPath, page: PaymentBreakdownPage },
  { path: paths.paymentDemo.path, page: PaymentDemoPage },
  { path: paths.paymentSuccess.path, page: PaymentSuccessPage },
  { path: paths.paymentFailure.path, page: PaymentFailurePage },
  { path: paths.groupNew.path, page: GroupSplitPage },
  { path: paths.group.path, page: GroupPage },
  { path: paths.coupons.path, page: CouponsPage },
  { path: paths.favourites.path, page: FavouritesPage },
  { path: paths.redeemedHistory.path, page: RedeemedHistoryPage },
  { path: paths.redeemedHistoryItem.path, page: RedemptionPage },
  // SPEC §2: every business route lives in the nested /for-bussiness section.
  { path: paths.forBusiness.path, page: BusinessSectionRoutes, nest: true },
  { path: paths.forBusinessForm.path, page: BusinessFormPage },
  // Outlet pages (and their overlays, login/signup included) stay after every fixed route.
  { path: paths.outlet.pattern, page: OutletPage, shell: 'outlet' },
];

/** The page `pathname` shows, as the <Switch> below picks it (the 404 page when none matches). */
export function pageFor(pathname: string): LazyPage<object> {
  const entry = ROUTES.find((r) => matchRoute(parse, r.path, pathname, r.nest)[0]);
  return entry?.page ?? NotFoundPage;
}

/**
 * The routes as the server matches them to pick a prerendered shell (shells.json): the same patterns
 * in the same order as the <Switch>, so the server's first match is the page the client will show.
 * Inside the /for-bussiness section only the login page has a shell of its own.
 */
export function shellRoutes(): { pattern: RegExp; shell: ShellName | null }[] {
  return ROUTES.flatMap((r) => {
    const pattern = r.path instanceof RegExp ? r.path : parse(r.path, r.nest ?? false).pattern;
    if (r.page === BusinessSectionRoutes) {
      return [
        { pattern: parse(paths.forBusinessLogin.path).pattern, shell: 'business-login' as const },
        { pattern, shell: null },
      ];
    }
    return [{ pattern, shell: r.shell ?? null }];
  });
}

/** The prerendered shell, if any, of the page `pathname` shows (the client's own first match). */
export function shellOf(pathname: string): ShellName | null {
  return shellRoutes().find((r) => r.pattern.test(pathname))?.shell ?? null;
}

/** Loads the code of the page `pathname` shows (boot.tsx, before the first render). */
export function preloadRoute(pathname: string): Promise<void> {
  return pageFor(pathname).preload();
}

/** One <Route> per page; the path-less route (404) stays last. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        {ROUTES.map((r, i) => (
          <Route key={i} path={r.path} nest={r.nest} component={r.page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
      <HydrationMark />
    </Suspense>
  );
}
