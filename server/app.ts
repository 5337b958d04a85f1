import path from 'node:path';
import Koa from 'koa';
import type Router from '@koa/router';
import compose from 'koa-compose';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import type { Env } from './env.ts';
import { resolveAppSecret } from './lib/crypto.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { runWithRuntime, setRuntime, type Runtime } from './lib/runtime.ts';
import { createJobs, jobQueueDepth } from './jobs/jobs.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { openDatabase } from './db/knex.ts';
import { createReadRouting, readYourWrites, watchWrites, type ReadRouting } from './db/read-replica.ts';
import { markSessionsWrote } from './modules/sessions/service.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { metricsRoute, requestObserver } from './http/metrics.ts';
import { createRealtime, type Realtime } from './lib/realtime.ts';
import { MODULES } from './modules/index.ts';
import { authMiddleware } from './http/auth.ts';
import { compression } from './http/compress.ts';
import { errorMiddleware } from './http/error-middleware.ts';
import { applyProxyTrust } from './http/proxy.ts';
import { requestLogger } from './http/request-logger.ts';
import { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts';
import { pageRendererFrom } from './http/page-render.ts';
import { spa, uploads } from './http/static.ts';
import { createStorage, publicStorageOrigin, type Storage } from './providers/storage.ts';
import { createSms, type SmsProvider } from './providers/sms.ts';
import { createPayments, type PaymentProvider } from './providers/payments.ts';
import { createEmail, type EmailProvider } from './providers/email.ts';
import { createWebPushFromEnv, type WebPushProvider } from './providers/web-push.ts';
import { createAppPush, type AppPushProvider } from './providers/fcm.ts';
import { appRouter } from './trpc/app-router.ts';
import { trpcMiddleware } from './trpc/koa.ts';
import { notFound } from './lib/errors.ts';
import { healthRoutes } from './modules/health/rest.ts';
import type { ModuleManifest, RestRouters } from './modules/manifest.ts';
import { paymentsWebhook } from './modules/payments/rest.ts';
import { payLinkPages } from './modules/pay-links/page.ts';
import { restRouters } from './rest/routers.ts';
import { homeFirstScreen, outletFirstScreen } from './modules/outlets/first-screen.ts';
import type { PageDataLoader } from './http/static.ts';
import { SERVER_PATHS } from './http/server-paths.ts';

export interface AppOptions {
  env: Env;
  db: Knex;
  logger?: Logger;
  storage?: Storage;
  sms?: SmsProvider;
  payments?: PaymentProvider;
  realtime?: Realtime;
  email?: EmailProvider;
  webPush?: WebPushProvider;
  appPush?: AppPushProvider;
  metrics?: Metrics;
  /** Discovery reads on a replica (default: READ_DATABASE_URL's, when set). */
  reads?: ReadRouting | null;
  now?: () => Date;
  /** Where the built front ends live (`dist/client`, `dist/admin`). */
  distDir?: string;
}

/** Builds the whole app (no listen): tests, Playwright's server and `server/index.ts` share it. */
export function createApp(options: AppOptions): Koa {
  const { env, db } = options;
  const logger = options.logger ?? createLogger({ level: env.LOG_LEVEL });
  const storage = options.storage ?? createStorage(env);
  const secret = resolveAppSecret(env);
  const metrics = options.metrics ?? createMetrics();
  metrics.watchDatabase(db, 'primary');
  metrics.watchQueues(() => jobQueueDepth(db));
  // A read replica (docs/operations.md, "Read replica"): discovery reads only, read-your-writes for writers.
  const reads =
    options.reads === undefined ? (env.READ_DATABASE_URL ? createReadRouting(openDatabase({ ...env, DATABASE_URL: env.READ_DATABASE_URL }), logger) : undefined) : (options.reads ?? undefined);
  if (reads) {
    metrics.watchDatabase(reads.replica, 'replica');
    watchWrites(db);
  }
  const rt: Runtime = setRuntime({
    env,
    db,
    reads,
    logger,
    secret,
    storage,
    sms: options.sms ?? createSms(env, logger),
    payments: options.payments ?? createPayments(env),
    email: options.email ?? createEmail(env, logger),
    webPush: options.webPush ?? createWebPushFromEnv(env, secret, logger),
    appPush: options.appPush ?? createAppPush(env, logger),
    // Enqueues from the start; works jobs once started (server/index.ts, server/worker.ts).
    jobs: createJobs({
      db,
      logger,
      definitions: (MODULES as readonly ModuleManifest[]).flatMap((m) => m.jobs ?? []),
      runInApp: (fn) => runWithRuntime(rt, fn),
      onRun: (queue, outcome) => metrics.jobRuns.inc({ queue, outcome }),
    }),
    // Capture, refund and expiry, announced by payments inside their transaction, to the manifests' `on`.
    events: createDomainEvents(MODULES as readonly ModuleManifest[]),
    // LISTEN/NOTIFY on PostgreSQL, in-process on PGlite; connects at the first subscription.
    realtime: options.realtime ?? createRealtime(db, logger),
    metrics,
    now: options.now ?? (() => new Date()),
  });

  const app = new Koa();
  runtimes.set(app, rt);
  applyProxyTrust(app, env.TRUST_PROXY); // ctx.ip / ctx.protocol: proxy headers only as TRUST_PROXY says
  app.silent = true; // errors are logged by errorMiddleware, once

  // Every module's REST adapters (server/modules/index.ts), on the three routers picked by prefix below.
  const routes = routeByPrefix(restRouters());
  const bodyLimit = `${env.BODY_LIMIT_KB}kb`;
  const distDir = options.distDir ?? path.resolve('dist');
  const csp = { razorpay: env.PAYMENT_PROVIDER === 'razorpay', mapTileUrl: env.MAP_TILE_URL, imageOrigin: publicStorageOrigin(env) };

  app
    // Each request runs in its own scope: its id for the logs, and this app's runtime even when several
    // apps share a process (tests, workers).
    .use(requestLogger(logger, rt, requestObserver(metrics, new Set(Object.keys(appRouter._def.procedures)))))
    // Outside the error middleware, so error bodies are compressed like any other (http/compress.ts).
    .use(compression())
    .use(errorMiddleware(logger))
    .use(securityHeaders({ hsts: env.NODE_ENV === 'production' }))
    .use(healthRoutes().routes())
    .use(metricsRoute(metrics, env.METRICS_TOKEN))
    .use(authMiddleware());
  // With a replica only: the caller's last write position goes with the request, a write records it.
  if (reads) app.use(readYourWrites(markSessionsWrote));
  app
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
    .use(routes)
    .use(uploads(storage))
    // `/p/{code}`: the outlets' pay links (QR standees), a redirect to the pay page.
    .use(payLinkPages(csp, distDir))
    .use(spa({ root: path.join(distDir, 'admin'), mount: SERVER_PATHS.backOffice, csp: contentSecurityPolicy('admin', csp), nonce: true }))
    .use(
      spa({
        root: path.join(distDir, 'client'),
        mount: '',
        csp: contentSecurityPolicy('client', csp),
        pageData: firstScreenPageData,
        renderPage: pageRendererFrom(path.join(distDir, 'client-server'), logger),
      }),
    );

  return app;
}

const runtimes = new WeakMap<Koa, Runtime>();


/** The runtime an app was built with (its jobs, providers and database), for the process that runs it. */
export function appRuntime(app: Koa): Runtime {
  const rt = runtimes.get(app);
  if (!rt) throw new Error('Not an app built by createApp');
  return rt;
}

/**
 * The first screens that carry their data in the HTML (server/modules/outlets/first-screen.ts): the
 * home page and outlet pages, picked by the prerendered shell that answers the path.
 */
const firstScreenPageData: PageDataLoader = async (shell, route) => {
  const screen = shell === 'index.html' ? await homeFirstScreen() : shell === 'shells/outlet.html' ? await outletFirstScreen(route) : null;
  return screen && { json: { calls: screen.calls }, preloadImages: screen.images };
};

/**
 * The shopper and business REST router split by the path's segment after `/api` (`outlet`, `cmn`,
 * `business`, …): each request walks only its own group's routes rather than all of them (the router
 * tests every route's pattern against every request; issue 18). A path's segment decides its group, so
 * each group matches, and answers 405 for a wrong method, exactly as the whole router would.
 */
function bySegment(router: Router, notFound: Koa.Middleware): Koa.Middleware {
  const RouterClass = router.constructor as new () => Router;
  const groups = new Map<string, Router>();
  for (const layer of router.stack) {
    const segment = /^\/api\/([^/:(*]+)(?:\/|$)/.exec(String(layer.path))?.[1];
    if (segment === undefined) throw new Error(`REST route ${String(layer.path)} has no fixed segment after /api`);
    let group = groups.get(segment);
    if (!group) groups.set(segment, (group = new RouterClass()));
    group.stack.push(layer);
  }
  const chains = new Map([...groups].map(([segment, group]) => [segment, compose([group.routes(), group.allowedMethods({ throw: true }), notFound] as Koa.Middleware[])]));
  return (ctx, next) => {
    const p = ctx.path;
    const end = p.indexOf('/', 5);
    const chain = chains.get(end < 0 ? p.slice(5) : p.slice(5, end));
    return chain ? chain(ctx, next) : notFound(ctx, next);
  };
}

/**
 * The REST routers behind one middleware that picks by path: a router whose prefix cannot match is
 * never walked, so `/api/outlet/details` does not pass through the back office's routers on its way
 * (each pass is a matching walk and two more promise hops on every request). The order is the
 * routers' own: `/api/admin/auth`, then `/api/admin`, then `/api`, and an unknown `/api` path is a
 * JSON 404, never the SPA. Paths outside `/api` go straight on to the static files.
 */
function routeByPrefix(routers: RestRouters): Koa.Middleware {
  const chainOf = (router: Router) => [router.routes()] as Koa.Middleware[];
  const all = [routers.adminAuth, routers.admin, routers.api];
  // A path some route answers, asked with another method: 405 with the methods it takes (RFC 9110).
  const methodsFor = (path: string) =>
    [...new Set(all.flatMap((router) => router.match(path, '').path.flatMap((layer) => layer.methods)))].sort();
  const apiNotFound: Koa.Middleware = (ctx) => {
    const allowed = methodsFor(ctx.path);
    if (allowed.length === 0) throw notFound('No such API path');
    ctx.set('Allow', allowed.join(', '));
    throw Object.assign(new Error('This API path does not take that method'), { status: 405, expose: true });
  };
  const api = bySegment(routers.api, apiNotFound);
  const admin = compose([...chainOf(routers.admin), api]);
  const adminAuth = compose([...chainOf(routers.adminAuth), admin]);
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return (ctx, next) => {
    const p = ctx.path;
    if (!under(p, '/api')) return next();
    if (under(p, '/api/admin/auth')) return adminAuth(ctx, next);
    if (under(p, '/api/admin')) return admin(ctx, next);
    return api(ctx, next);
  };
}
