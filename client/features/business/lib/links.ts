/**
 * The business section's routes (SPEC §2 "Business routes under /for-bussiness"). The section is a
 * nested wouter route, so pages inside it link with the relative `section` paths; links from
 * outside (top bar, landing page, login redirect) use `absolute()`. Pure (the pages' names are in
 * labels.ts): the page lists below are the console's route table, which pages/registry.ts gives a
 * component each and the journeys visit (e2e/smoke).
 */
export const BUSINESS_BASE = '/for-bussiness';

export const PROMOTION_PAGES = ['regular-offers', 'daily-offers', 'event-offers', 'ad-library', 'highlights'] as const;
export const ACCOUNT_OUTLET_PAGES = ['profile', 'discount-button', 'about', 'photos', 'menu', 'qr-standee'] as const;
export const ACCOUNT_OWNER_PAGES = ['user-management', 'gstin'] as const;
export const DASHBOARD_PAGES = ['payments', 'live-ads', 'coupons', 'revenue', 'settlement-report', 'reviews'] as const;

export type PromotionPage = (typeof PROMOTION_PAGES)[number];
export type AccountOutletPage = (typeof ACCOUNT_OUTLET_PAGES)[number];
export type AccountOwnerPage = (typeof ACCOUNT_OWNER_PAGES)[number];
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

export type BusinessSection = 'promotion-organizer' | 'account' | 'dashboard';

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
