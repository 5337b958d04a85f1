import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountOutletPage, AccountOwnerPage, BusinessSection, DashboardPage, PromotionPage } from './links';

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
  'qr-standee': msg`QR and standee`,
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
