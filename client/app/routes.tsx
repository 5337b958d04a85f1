import { Suspense, lazy, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoader } from '@client/components/ui/spinner';
import { afterCatalogs } from '@client/lib/i18n';
import { paths } from './paths';

/** SPEC §8/§9: a screen's code that has not arrived after 120 s fails with a chunk-load error. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error('Loading chunk timed out');
        error.name = 'ChunkLoadError';
        reject(error);
      }, CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      // A screen shows once its words are there too (Hindi catalogs are fetched with the code).
      return { default: await Promise.race([load().then(afterCatalogs), timeout]) };
    } finally {
      clearTimeout(timer);
    }
  });
}

const HomePage = lazyPage(() =>
  import('@client/features/outlets/pages/home-page').then((m) => m.HomePage),
);
const ProfilePage = lazyPage(() =>
  import('@client/features/profile/pages/profile-page').then((m) => m.ProfilePage),
);
const SettingsPage = lazyPage(() =>
  import('@client/features/profile/pages/settings-page').then((m) => m.SettingsPage),
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
const NotFoundPage = lazyPage(() =>
  import('@client/features/misc/pages/not-found-page').then((m) => m.NotFoundPage),
);

/** One <Route> per page; the path-less route (404) stays last. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Switch>
        <Route path={paths.home.path} component={HomePage} />
        {/* SPEC §2: /login and /signup are the home page with the auth panel over it. */}
        <Route path={paths.login.path} component={HomePage} />
        <Route path={paths.signup.path} component={HomePage} />
        <Route path={paths.profile.path} component={ProfilePage} />
        <Route path={paths.settings.path} component={SettingsPage} />
        <Route path={paths.support.path} component={SupportPage} />
        <Route path={paths.referEarn.path} component={ReferEarnPage} />
        <Route path={paths.faqs.path} component={FaqPage} />
        <Route path={paths.aboutUs.path} component={AboutUsPage} />
        <Route path={paths.privacy.path} component={PrivacyPage} />
        <Route path={paths.terms.path} component={TermsPage} />
        <Route path={paths.events.path} component={EventsPage} />
        <Route path={paths.becomePromoter.path} component={BecomePromoterPage} />
        <Route path={paths.enterAmount.path} component={EnterAmountPage} />
        <Route path={paths.paymentBreakdown.path} component={PaymentBreakdownPage} />
        <Route path={paths.paymentBreakdown.overlayPath} component={PaymentBreakdownPage} />
        <Route path={paths.paymentDemo.path} component={PaymentDemoPage} />
        <Route path={paths.paymentSuccess.path} component={PaymentSuccessPage} />
        <Route path={paths.paymentFailure.path} component={PaymentFailurePage} />
        <Route path={paths.coupons.path} component={CouponsPage} />
        <Route path={paths.redeemedHistory.path} component={RedeemedHistoryPage} />
        <Route path={paths.redeemedHistoryItem.path} component={RedemptionPage} />
        {/* SPEC §2: every business route lives in the nested /for-bussiness section. */}
        <Route path={paths.forBusiness.path} nest component={BusinessSectionRoutes} />
        <Route path={paths.forBusinessForm.path} component={BusinessFormPage} />
        {/* Outlet pages (and their overlays, login/signup included) stay after every fixed route. */}
        <Route path={paths.outlet.pattern} component={OutletPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
