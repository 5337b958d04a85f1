import { lazy, type ComponentType } from 'react';
import { afterCatalogs } from '@client/lib/i18n';
import type { AccountOutletPage, AccountOwnerPage, BusinessSection, DashboardPage, PromotionPage } from '../lib/links';
import type { BusinessPageProps } from '../lib/page-props';

/**
 * Each console page's code loads when the page is first opened (issue 18): the /for-bussiness landing
 * and login pages, which are what most visitors of the section see, do not carry the whole console.
 * The console renders pages inside a Suspense boundary (business-section.tsx).
 */
const page = (load: () => Promise<ComponentType<BusinessPageProps>>): ComponentType<BusinessPageProps> =>
  lazy(() => load().then(afterCatalogs).then((component) => ({ default: component })));

const AboutPage = page(() => import('./about-page').then((m) => m.AboutPage));
const AdLibraryPage = page(() => import('./ad-library-page').then((m) => m.AdLibraryPage));
const CouponsDashboardPage = page(() => import('./coupons-dashboard-page').then((m) => m.CouponsDashboardPage));
const LiveAdsPage = page(() => import('./live-ads-page').then((m) => m.LiveAdsPage));
const RevenuePage = page(() => import('./revenue-page').then((m) => m.RevenuePage));
const ReviewsPage = page(() => import('./reviews-page').then((m) => m.ReviewsPage));
const SettlementPage = page(() => import('./settlement-page').then((m) => m.SettlementPage));
const PaymentsPage = page(() => import('./payments-page').then((m) => m.PaymentsPage));
const MenuPage = page(() => import('./menu-page').then((m) => m.MenuPage));
const QrStandeePage = page(() => import('./qr-standee-page').then((m) => m.QrStandeePage));
const DiscountButtonPage = page(() => import('./discount-button-page').then((m) => m.DiscountButtonPage));
const GstinPage = page(() => import('./gstin-page').then((m) => m.GstinPage));
const ProfilePage = page(() => import('./profile-page').then((m) => m.ProfilePage));
const UserManagementPage = page(() => import('./user-management-page').then((m) => m.UserManagementPage));
const PhotosPage = page(() => import('./photos-page').then((m) => m.PhotosPage));
const EventOffersPage = page(() => import('./event-offers-page').then((m) => m.EventOffersPage));
const HighlightsPage = page(() => import('./highlights-page').then((m) => m.HighlightsPage));
const RegularOffersPage = page(() => import('./slot-offers-page').then((m) => m.RegularOffersPage));
const DailyOffersPage = page(() => import('./slot-offers-page').then((m) => m.DailyOffersPage));

type Entry = {
  component: ComponentType<BusinessPageProps>;
  /** The outlet id is part of the path (`/{section}/{page}/{outletId}`). */
  inPath: boolean;
  /** The page works on an outlet (from the path, else the current one). */
  needsOutlet: boolean;
};

const outletPage = (component: ComponentType<BusinessPageProps>): Entry => ({ component, inPath: true, needsOutlet: true });

/**
 * Every console page: one component for each page of lib/links.ts's lists (the type says so), which the
 * console routes and the menus read.
 */
const BUSINESS_PAGES: {
  'promotion-organizer': Record<PromotionPage, Entry>;
  account: Record<AccountOutletPage | AccountOwnerPage, Entry>;
  dashboard: Record<DashboardPage, Entry>;
} = {
  'promotion-organizer': {
    'regular-offers': outletPage(RegularOffersPage),
    'daily-offers': outletPage(DailyOffersPage),
    'event-offers': outletPage(EventOffersPage),
    'ad-library': outletPage(AdLibraryPage),
    highlights: outletPage(HighlightsPage),
  },
  account: {
    profile: outletPage(ProfilePage),
    'discount-button': outletPage(DiscountButtonPage),
    about: outletPage(AboutPage),
    photos: outletPage(PhotosPage),
    menu: outletPage(MenuPage),
    'qr-standee': outletPage(QrStandeePage),
    'user-management': { component: UserManagementPage, inPath: false, needsOutlet: false },
    gstin: { component: GstinPage, inPath: false, needsOutlet: true },
  },
  dashboard: {
    payments: outletPage(PaymentsPage),
    'live-ads': outletPage(LiveAdsPage),
    coupons: outletPage(CouponsDashboardPage),
    revenue: outletPage(RevenuePage),
    'settlement-report': outletPage(SettlementPage),
    reviews: outletPage(ReviewsPage),
  },
};

export function findBusinessPage(section: BusinessSection, page: string): Entry | undefined {
  const pages: Record<string, Entry> | undefined = Object.hasOwn(BUSINESS_PAGES, section) ? BUSINESS_PAGES[section] : undefined;
  return pages && Object.hasOwn(pages, page) ? pages[page] : undefined;
}

export function hasBusinessPage(section: BusinessSection, page: string): boolean {
  return findBusinessPage(section, page) !== undefined;
}

export { outletPage };
