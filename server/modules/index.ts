import type { ModuleManifest } from './manifest.ts';
import { categoriesModule } from './categories/module.ts';
import { citiesModule } from './cities/module.ts';
import { authModule } from './auth/module.ts';
import { usersModule } from './users/module.ts';
import { referralsModule } from './referrals/module.ts';
import { supportTicketsModule } from './support-tickets/module.ts';
import { outletSalesModule, outletsModule } from './outlets/module.ts';
import { locationsModule } from './locations/module.ts';
import { searchHistoryModule } from './search-history/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { promoterApplicationsModule } from './promoter-applications/module.ts';
import { adminResourcesModule } from '../admin/module.ts';
import { businessAuthModule } from './business-auth/module.ts';
import { businessOwnersModule } from './business-owners/module.ts';
import { dayDiscountsModule } from './day-discounts/module.ts';
import { billsModule } from './bills/module.ts';
import { shufflesModule } from './shuffles/module.ts';
import { couponsModule } from './coupons/module.ts';
import { ordersModule } from './orders/module.ts';
import { paymentsModule } from './payments/module.ts';
import { groupBillsModule } from './group-bills/module.ts';
import { redeemedHistoryModule } from './redeemed-history/module.ts';
import { businessAccountModule } from './business-account/module.ts';
import { subAccountsModule } from './sub-accounts/module.ts';
import { promotionsModule } from './promotions/module.ts';
import { dashboardsModule } from './dashboards/module.ts';
import { settlementsModule } from './settlements/module.ts';
import { counterModule } from './counter/module.ts';
import { payLinksModule } from './pay-links/module.ts';
import { businessApplicationsModule } from './business-applications/module.ts';
import { salesStaffModule } from './sales-staff/module.ts';
import { discountsModule } from './discounts/module.ts';
import { auditLogModule } from './audit-log/module.ts';
import { favouritesModule } from './favourites/module.ts';
import { reviewReportsModule, reviewsModule } from './reviews/module.ts';
import { notificationsModule } from './notifications/module.ts';

/**
 * Every module of the app: adding one is a `module.ts` in its folder and a line here. The app router
 * (server/trpc/app-router.ts), the REST routers (server/rest/routers.ts) and the back office's bound
 * resources (server/admin/registry.ts) are all built from this list.
 *
 * The ORDER is the REST mount order, and route precedence follows it: a module's routes are registered
 * after those of the modules above it. Keep it when moving lines (server/rest/routers.test.ts checks it).
 */
export const MODULES = [
  categoriesModule,
  citiesModule,
  authModule,
  usersModule,
  referralsModule,
  supportTicketsModule,
  outletsModule,
  locationsModule,
  searchHistoryModule,
  analyticsModule,
  promoterApplicationsModule,
  adminResourcesModule,
  businessAuthModule,
  businessOwnersModule,
  dayDiscountsModule,
  outletSalesModule,
  billsModule,
  shufflesModule,
  couponsModule,
  ordersModule,
  paymentsModule,
  groupBillsModule,
  redeemedHistoryModule,
  businessAccountModule,
  subAccountsModule,
  promotionsModule,
  dashboardsModule,
  settlementsModule,
  counterModule,
  payLinksModule,
  businessApplicationsModule,
  salesStaffModule,
  discountsModule,
  auditLogModule,
  favouritesModule,
  reviewsModule,
  reviewReportsModule,
  notificationsModule,
] as const satisfies readonly ModuleManifest[];
