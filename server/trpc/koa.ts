import type { Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { AnyRouter } from '@trpc/server';
import type { Logger } from '../lib/logger.ts';
import { createContextInner } from './context.ts';

/**
 * Our own Koa glue over tRPC v11's node HTTP handler (the community adapter targets v10).
 * Mounted before any body parser; it hands Koa's raw req/res to tRPC and tells Koa not to respond.
 */
export function trpcMiddleware(options: {
  router: AnyRouter;
  prefix?: string;
  logger: Logger;
  maxBatchSize: number;
  maxBodySize: number;
}): Middleware {
  const prefix = options.prefix ?? '/trpc';
  return async (ctx, next) => {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const path = ctx.path.slice(prefix.length + 1);
    const context = createContextInner({
      principal: ctx.state.principal ?? null,
      ip: ctx.ip || null,
      userAgent: ctx.get('User-Agent') || null,
      requestId: ctx.state.requestId ?? null,
    });
    ctx.respond = false;
    ctx.res.statusCode = 200;
    if ((ctx.request as { body?: unknown }).body !== undefined) {
      (ctx.req as { body?: unknown }).body = (ctx.request as { body?: unknown }).body;
    }
    await nodeHTTPRequestHandler({
      router: options.router,
      req: ctx.req,
      res: ctx.res,
      path,
      maxBatchSize: options.maxBatchSize,
      maxBodySize: options.maxBodySize,
      createContext: () => context,
      responseMeta: () => ({ headers: Object.fromEntries(context.responseHeaders) }),
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          options.logger.error({ err: error.cause ?? error, procedure }, 'trpc procedure failed');
        }
      },
    });
  };
}
