import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
/**
 * The business section's routes (SPEC §2 "Business routes under /for-bussiness"). The section is a
 * nested wouter route, so pages inside it link with the relative `section` paths; links from
 * outside (top bar, landing page, login redirect) use `absolute()`.
 */
export const BUSINESS_BASE = '/for-bussiness';

export const PROMOTION_PAGES = ['regular-offers', 'daily-offers', 'event-offers', 'ad-library', 'highlights'] as const;
export const ACCOUNT_OUTLET_PAGES = ['profile', 'discount-button', 'about', 'photos', 'menu'] as const;
export const ACCOUNT_OWNER_PAGES = ['user-management', 'gstin'] as const;
export const DASHBOARD_PAGES = ['payments', 'live-ads', 'coupons', 'revenue', 'settlement-report', 'reviews'] as const;

export type PromotionPage = (typeof PROMOTION_PAGES)[number];
export type AccountOutletPage = (typeof ACCOUNT_OUTLET_PAGES)[number];
export type AccountOwnerPage = (typeof ACCOUNT_OWNER_PAGES)[number];
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

export type BusinessSection = 'promotion-organizer' | 'account' | 'dashboard';

/** The console's page names (`i18n._` them). */
export const PAGE_LABELS: Record<PromotionPage | AccountOutletPage | AccountOwnerPage | DashboardPage, MessageDescriptor> = {
  'regular-offers': msg`Regular offers`,
  'daily-offers': msg`Daily offers`,
  'event-offers': msg`Event offers`,
  'ad-library': msg`Ad library`,
  highlights: msg({ message: 'Highlights', context: 'featured ads' }),
  profile: msg`Profile`,
  'discount-button': msg`Discount button`,
  about: msg({ message: 'About', comment: 'Business console page: the outlet description shoppers read' }),
  photos: msg`Photos`,
  menu: msg`Menu`,
  'user-management': msg`User management`,
  gstin: msg`GSTIN`,
  payments: msg({ message: 'Payments', comment: 'Business console page: the live list of bills paid at the outlet (the counter)' }),
  'live-ads': msg`Live ads`,
  coupons: msg`Coupons`,
  revenue: msg`Revenue`,
  'settlement-report': msg`Settlement report`,
  reviews: msg`Reviews`,
};

export const SECTION_LABELS: Record<BusinessSection, MessageDescriptor> = {
  'promotion-organizer': msg`Promotions`,
  account: msg`Account`,
  dashboard: msg`Dashboard`,
};

/** Relative paths inside the nested section. */
export const section = {
  landing: '/',
  login: '/login',
  promotion: (page: PromotionPage, outletId: number) => `/promotion-organizer/${page}/${outletId}`,
  account: (page: AccountOutletPage, outletId: number) => `/account/${page}/${outletId}`,
  owner: (page: AccountOwnerPage) => `/account/${page}`,
  dashboard: (page: DashboardPage, outletId: number) => `/dashboard/${page}/${outletId}`,
};

export const absolute = (relative: string) => (relative === '/' ? BUSINESS_BASE : `${BUSINESS_BASE}${relative}`);

/** Where a signed-in owner lands: the current outlet's regular offers (SPEC §2 top-bar rule). */
export const businessHome = (outletId: number | null) =>
  outletId === null ? absolute(section.owner('user-management')) : absolute(section.promotion('regular-offers', outletId));

/**
 * The same page for another outlet: `/promotion-organizer/daily-offers/3` → `…/daily-offers/7`.
 * Pages without an outlet (user management, GSTIN) stay where they are.
 */
export function withOutlet(relativePath: string, outletId: number): string {
  const match = /^(\/(?:promotion-organizer|account|dashboard)\/[a-z-]+)\/\d+$/.exec(relativePath);
  return match ? `${match[1]}/${outletId}` : relativePath;
}
