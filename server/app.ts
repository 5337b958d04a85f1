import path from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import type { Env } from './env.ts';
import { resolveAppSecret } from './lib/crypto.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { runWithRuntime, setRuntime } from './lib/runtime.ts';
import { authMiddleware } from './http/auth.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import { spa, uploads } from './http/static.ts';
import { createStorage, type Storage } from './providers/storage.ts';
import { createSms, type SmsProvider } from './providers/sms.ts';
import { createPayments, type PaymentProvider } from './providers/payments.ts';
import { appRouter } from './trpc/app-router.ts';
import { trpcMiddleware } from './trpc/koa.ts';
import { notFound } from './lib/errors.ts';
import { healthRoutes } from './modules/health/rest.ts';
import { categoriesRest } from './modules/categories/rest.ts';
import { citiesRest } from './modules/cities/rest.ts';
import { authRest } from './modules/auth/rest.ts';
import { usersRest } from './modules/users/rest.ts';
import { referralsRest } from './modules/referrals/rest.ts';
import { supportTicketsRest } from './modules/support-tickets/rest.ts';
import { salesAuthRest } from './modules/sales-staff/rest.ts';
import { adminResourcesRest } from './admin/rest.ts';
import { businessAuthRest } from './modules/business-auth/rest.ts';
import { businessOwnersRest } from './modules/business-owners/rest.ts';
import { dayDiscountsRest } from './modules/day-discounts/rest.ts';
import { outletSalesRest } from './modules/outlets/sales-rest.ts';
import { outletsRest } from './modules/outlets/rest.ts';
import { locationsRest } from './modules/locations/rest.ts';
import { searchHistoryRest } from './modules/search-history/rest.ts';
import { analyticsRest } from './modules/analytics/rest.ts';
import { promoterApplicationsRest } from './modules/promoter-applications/rest.ts';
import { billsRest } from './modules/bills/rest.ts';
import { shufflesRest } from './modules/shuffles/rest.ts';
import { couponsRest } from './modules/coupons/rest.ts';
import { ordersRest } from './modules/orders/rest.ts';
import { paymentsRest, paymentsWebhook } from './modules/payments/rest.ts';
import { redeemedHistoryRest } from './modules/redeemed-history/rest.ts';
import { businessAccountRest } from './modules/business-account/rest.ts';
import { subAccountsRest } from './modules/sub-accounts/rest.ts';
import { promotionsRest } from './modules/promotions/rest.ts';
import { dashboardsRest } from './modules/dashboards/rest.ts';
import { businessApplicationsPublicRest } from './modules/business-applications/public-rest.ts';
import { requireSales } from './rest/guards.ts';

export interface AppOptions {
  env: Env;
  db: Knex;
  logger?: Logger;
  storage?: Storage & { root?: string };
  sms?: SmsProvider;
  payments?: PaymentProvider;
  now?: () => Date;
  /** Where the built front ends live (`dist/client`, `dist/admin`). */
  distDir?: string;
}

/** Each module's REST adapters, mounted on the public `/api` router and the back office's `/api/admin`. */
const REST_MODULES = [
  categoriesRest,
  citiesRest,
  authRest,
  usersRest,
  referralsRest,
  supportTicketsRest,
  outletsRest,
  locationsRest,
  searchHistoryRest,
  analyticsRest,
  promoterApplicationsRest,
  adminResourcesRest,
  businessAuthRest,
  businessOwnersRest,
  dayDiscountsRest,
  outletSalesRest,
  billsRest,
  shufflesRest,
  couponsRest,
  ordersRest,
  paymentsRest,
  redeemedHistoryRest,
  businessAccountRest,
  subAccountsRest,
  promotionsRest,
  dashboardsRest,
  businessApplicationsPublicRest,
];

/** Builds the whole app (no listen): tests, Playwright's server and `server/index.ts` share it. */
export function createApp(options: AppOptions): Koa {
  const { env, db } = options;
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
  const storage = options.storage ?? createStorage(env);
  const rt = setRuntime({
    env,
    db,
    logger,
    secret: resolveAppSecret(env),
    storage,
    sms: options.sms ?? createSms(env, logger),
    payments: options.payments ?? createPayments(env),
    now: options.now ?? (() => new Date()),
  });

  const app = new Koa({ proxy: env.NODE_ENV === 'production' });
  app.silent = true; // errors are logged by errorMiddleware, once

  const api = new Router({ prefix: '/api' });
  const adminAuth = new Router({ prefix: '/api/admin/auth' });
  const admin = new Router({ prefix: '/api/admin' });
  admin.use(requireSales());
  for (const mount of REST_MODULES) mount({ api, admin });
  salesAuthRest({ adminAuth });
  // Unknown paths under /api are JSON 404s, never the SPA.
  const apiNotFound: Koa.Middleware = (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound('No such API path');
    return next();
  };

  const bodyLimit = `${env.BODY_LIMIT_KB}kb`;
  const distDir = options.distDir ?? path.resolve('dist');

  app
    // Each request sees this app's runtime even when several apps share a process (tests, workers).
    .use((_ctx, next) => runWithRuntime(rt, next))
    .use(errorMiddleware(logger))
    .use(requestLogger(logger))
    .use(securityHeaders())
    .use(healthRoutes().routes())
    .use(authMiddleware())
    .use(
      trpcMiddleware({
        router: appRouter,
        logger,
        maxBatchSize: env.TRPC_MAX_BATCH_SIZE,
        maxBodySize: env.BODY_LIMIT_KB * 1024,
      }),
    )
    // Payment webhooks read their raw bytes (the signature is over them), so they come before the parser.
    .use(paymentsWebhook({ limitBytes: env.BODY_LIMIT_KB * 1024 }))
    // DELETE bodies are parsed too: the business API sends `DELETE /business/photos` etc. with a JSON body (SPEC §7).
    .use(bodyParser({ enableTypes: ['json'], jsonLimit: bodyLimit, encoding: 'utf-8', parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] }))
    .use(adminAuth.routes())
    .use(adminAuth.allowedMethods({ throw: true }))
    .use(admin.routes())
    .use(admin.allowedMethods({ throw: true }))
    .use(api.routes())
    .use(api.allowedMethods({ throw: true }))
    .use(apiNotFound)
    .use(uploads('root' in storage && storage.root ? storage.root : path.resolve(env.DATA_DIR, 'uploads')))
    .use(spa({ root: path.join(distDir, 'admin'), mount: '/clientpage/sales' }))
    .use(spa({ root: path.join(distDir, 'client'), mount: '' }));

  return app;
}
