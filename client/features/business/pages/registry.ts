import type { ComponentType } from 'react';
import type { BusinessSection } from '../lib/links';
import type { BusinessPageProps } from '../lib/page-props';
import { AboutPage } from './about-page';
import { AdLibraryPage } from './ad-library-page';
import { CouponsDashboardPage } from './coupons-dashboard-page';
import { LiveAdsPage } from './live-ads-page';
import { RevenuePage } from './revenue-page';
import { SettlementPage } from './settlement-page';
import { MenuPage } from './menu-page';
import { DiscountButtonPage } from './discount-button-page';
import { GstinPage } from './gstin-page';
import { ProfilePage } from './profile-page';
import { UserManagementPage } from './user-management-page';
import { PhotosPage } from './photos-page';
import { EventOffersPage } from './event-offers-page';
import { HighlightsPage } from './highlights-page';
import { DailyOffersPage, RegularOffersPage } from './slot-offers-page';

type Entry = {
  component: ComponentType<BusinessPageProps>;
  /** The outlet id is part of the path (`/{section}/{page}/{outletId}`). */
  inPath: boolean;
  /** The page works on an outlet (from the path, else the current one). */
  needsOutlet: boolean;
};

const outletPage = (component: ComponentType<BusinessPageProps>): Entry => ({ component, inPath: true, needsOutlet: true });

/** Every console page; the console routes and the menus read this. */
const BUSINESS_PAGES: Record<BusinessSection, Record<string, Entry>> = {
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
    'user-management': { component: UserManagementPage, inPath: false, needsOutlet: false },
    gstin: { component: GstinPage, inPath: false, needsOutlet: true },
  },
  dashboard: {
    'live-ads': outletPage(LiveAdsPage),
    coupons: outletPage(CouponsDashboardPage),
    revenue: outletPage(RevenuePage),
    'settlement-report': outletPage(SettlementPage),
  },
};

export function findBusinessPage(section: BusinessSection, page: string): Entry | undefined {
  return Object.hasOwn(BUSINESS_PAGES, section) && Object.hasOwn(BUSINESS_PAGES[section], page)
    ? BUSINESS_PAGES[section][page]
    : undefined;
}

export function hasBusinessPage(section: BusinessSection, page: string): boolean {
  return findBusinessPage(section, page) !== undefined;
}

export { outletPage };
