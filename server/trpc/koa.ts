import type { Context as KoaContext, Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { AnyRouter } from '@trpc/server';
import type { Logger } from '../lib/logger.ts';
import { createContextInner, type Context } from './context.ts';

interface TrpcKoaOptions {
  router: AnyRouter;
  prefix?: string;
  logger: Logger;
  maxBatchSize: number;
  maxBodySize: number;
}

/**
 * Our own Koa glue over tRPC v11 (the community adapter targets v10). Mounted before any body parser.
 *
 * - Queries (GET, and HEAD): tRPC's own `resolveResponse` answers a Fetch `Request` built from Koa's
 *   request, and the answer is handed to Koa as text. These calls carry no body and our links never
 *   stream, so the node adapter's work of piping the answer through a WHATWG WritableStream (and
 *   wiring an AbortController to the socket) is pure overhead on the hottest path: measured with
 *   `npm run bench -- discovery`, it was about a third of a millisecond of every outlet-details call.
 * - Everything else (mutations with a JSON body, which tRPC reads with its size limit): tRPC's node
 *   HTTP handler on Koa's raw req/res, and Koa is told not to respond.
 */
export function trpcMiddleware(options: TrpcKoaOptions): Middleware {
  const prefix = options.prefix ?? '/trpc';
  const contextOf = (ctx: KoaContext): Context =>
    createContextInner({
      principal: ctx.state.principal ?? null,
      ip: ctx.ip || null,
      userAgent: ctx.get('User-Agent') || null,
      requestId: ctx.state.requestId ?? null,
    });
  const onError = ({ error, path }: { error: { code: string; cause?: unknown }; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      options.logger.error({ err: error.cause ?? error, procedure: path }, 'trpc procedure failed');
    }
  };

  const query = async (ctx: KoaContext, path: string) => {
    const context = contextOf(ctx);
    const headers = new Headers();
    for (const [name, value] of Object.entries(ctx.req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (value) for (const v of value) headers.append(name, v);
    }
    const response = await resolveResponse({
      router: options.router,
      req: new Request(`http://${ctx.host || 'localhost'}${ctx.originalUrl}`, { method: ctx.method, headers }),
      path,
      error: null,
      maxBatchSize: options.maxBatchSize,
      createContext: async () => context,
      responseMeta: () => (context.responseHeaders.size ? { headers: Object.fromEntries(context.responseHeaders) } : {}),
      onError,
    });
    ctx.status = response.status;
    for (const [name, value] of response.headers) if (name !== 'set-cookie') ctx.set(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) ctx.set('Set-Cookie', cookies);
    ctx.body = await response.text();
  };

  const mutation = async (ctx: KoaContext, path: string) => {
    const context = contextOf(ctx);
    ctx.respond = false;
    ctx.res.statusCode = 200;
    await nodeHTTPRequestHandler({
      router: options.router,
      req: ctx.req,
      res: ctx.res,
      path,
      maxBatchSize: options.maxBatchSize,
      maxBodySize: options.maxBodySize,
      createContext: () => context,
      responseMeta: () => ({ headers: Object.fromEntries(context.responseHeaders) }),
      onError,
    });
  };

  return (ctx, next) => {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const path = ctx.path.slice(prefix.length + 1);
    return ctx.method === 'GET' || ctx.method === 'HEAD' ? query(ctx, path) : mutation(ctx, path);
  };
}
