import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { categoriesRouter } from '../modules/categories/router.ts';
import { citiesRouter } from '../modules/cities/router.ts';
import { authRouter } from '../modules/auth/router.ts';
import { usersRouter } from '../modules/users/router.ts';
import { referralsRouter } from '../modules/referrals/router.ts';
import { supportTicketsRouter } from '../modules/support-tickets/router.ts';
import { outletsRouter } from '../modules/outlets/router.ts';
import { locationsRouter } from '../modules/locations/router.ts';
import { searchHistoryRouter } from '../modules/search-history/router.ts';
import { analyticsRouter } from '../modules/analytics/router.ts';
import { promoterApplicationsRouter } from '../modules/promoter-applications/router.ts';
import { businessAuthRouter } from '../modules/business-auth/router.ts';
import { billsRouter } from '../modules/bills/router.ts';
import { shufflesRouter } from '../modules/shuffles/router.ts';
import { couponsRouter } from '../modules/coupons/router.ts';
import { ordersRouter } from '../modules/orders/router.ts';
import { paymentsRouter } from '../modules/payments/router.ts';
import { redeemedHistoryRouter } from '../modules/redeemed-history/router.ts';
import { businessAccountRouter } from '../modules/business-account/router.ts';
import { subAccountsRouter } from '../modules/sub-accounts/router.ts';
import { promotionsRouter } from '../modules/promotions/router.ts';
import { dashboardsRouter } from '../modules/dashboards/router.ts';
import { businessApplicationsRouter } from '../modules/business-applications/public-router.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  categories: categoriesRouter,
  cities: citiesRouter,
  auth: authRouter,
  users: usersRouter,
  referrals: referralsRouter,
  supportTickets: supportTicketsRouter,
  outlets: outletsRouter,
  locations: locationsRouter,
  searchHistory: searchHistoryRouter,
  analytics: analyticsRouter,
  promoterApplications: promoterApplicationsRouter,
  businessAuth: businessAuthRouter,
  bills: billsRouter,
  shuffles: shufflesRouter,
  coupons: couponsRouter,
  orders: ordersRouter,
  payments: paymentsRouter,
  redeemedHistory: redeemedHistoryRouter,
  businessAccount: businessAccountRouter,
  subAccounts: subAccountsRouter,
  promotions: promotionsRouter,
  dashboards: dashboardsRouter,
  businessApplications: businessApplicationsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
