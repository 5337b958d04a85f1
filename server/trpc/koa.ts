import type { Context as KoaContext, Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { getHTTPStatusCode, getHTTPStatusCodeFromError, resolveResponse } from '@trpc/server/http';
import { callTRPCProcedure, getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse, TRPCError, type AnyRouter } from '@trpc/server';
import { rawBodyEncodingError } from '../http/content-encoding.ts';
import type { Logger } from '../lib/logger.ts';
import { requestedLanguage } from '../lib/i18n.ts';
import { sessionCookieJar } from '../http/session-cookies.ts';
import { createContextInner, type Context } from './context.ts';

/** What the glue reads of a procedure: its type (`router._def.procedures` holds them by dotted path). */
interface AnyProcedureLike {
  _def: { type: string };
}

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
 * - Plain queries (GET of query procedures, one call or a batch, JSON answers): answered directly with
 *   the helpers tRPC exports for adapters (`callTRPCProcedure`, `getTRPCErrorShape`,
 *   `transformTRPCResponse`, `getHTTPStatusCode`), the same steps as tRPC's `resolveResponse` without
 *   building a Fetch Request and Response around them. They are the hottest calls the app serves, and
 *   that wrapping cost about 0.6 ms of every outlet-details call (`npm run bench -- discovery`).
 * - Anything else that is a GET or HEAD (an unknown path, a mutation sent as GET, input that does not
 *   parse, a streaming accept header, an oversized batch): nothing has run yet, so tRPC's own
 *   `resolveResponse` answers it, with its own errors.
 * - Everything else (mutations with a JSON body, which tRPC reads with its size limit): tRPC's node
 *   HTTP handler on Koa's raw req/res, and Koa is told not to respond.
 *
 * Two client mistakes are refused here first, in tRPC's error shape: a path that is not valid
 * percent-encoding, 400 (tRPC's own `decodeURIComponent` throws and it answers 500); and a body with a
 * `Content-Encoding` other than identity, 415 (tRPC's reader decodes none: it would read gzip as JSON,
 * or take a mislabelled plain body as if the header were not there).
 */
export function trpcMiddleware(options: TrpcKoaOptions): Middleware {
  const prefix = options.prefix ?? '/trpc';
  const contextOf = (ctx: KoaContext): Context =>
    createContextInner({
      principal: ctx.state.principal ?? null,
      ip: ctx.ip || null,
      userAgent: ctx.get('User-Agent') || null,
      origin: ctx.host ? `${ctx.protocol}://${ctx.host}` : null,
      requestId: ctx.state.requestId ?? null,
      requestedLanguage: requestedLanguage(ctx.get('Accept-Language')),
      cookies: sessionCookieJar(ctx),
    });
  const onError = ({ error, path }: { error: { code: string; cause?: unknown }; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      options.logger.error({ err: error.cause ?? error, procedure: path }, 'trpc procedure failed');
    } else if (error.code === 'SERVICE_UNAVAILABLE') {
      options.logger.warn({ err: error.cause ?? error, procedure: path }, 'answered 503: the database was slow or busy');
    }
  };

  const config = options.router._def._config;

  /** The calls of a plain query request, or null when tRPC itself should answer (see above). */
  const plainQueryCalls = (ctx: KoaContext, path: string): { path: string; input: unknown }[] | null => {
    if (ctx.method !== 'GET') return null;
    const accept = `${ctx.get('trpc-accept')},${ctx.get('accept')}`;
    if (accept.includes('application/jsonl') || accept.includes('text/event-stream')) return null;
    const isBatch = ctx.query.batch === '1';
    let paths: string[];
    try {
      paths = isBatch ? decodeURIComponent(path).split(',') : [decodeURIComponent(path)];
    } catch {
      return null;
    }
    if (paths.length > options.maxBatchSize) return null;
    if (!paths.every((p) => (options.router._def.procedures as Record<string, AnyProcedureLike | undefined>)[p]?._def.type === 'query')) {
      return null;
    }
    const raw = typeof ctx.query.input === 'string' && ctx.query.input ? ctx.query.input : undefined;
    try {
      const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
      if (!isBatch) return [{ path: paths[0]!, input: parsed === undefined ? undefined : config.transformer.input.deserialize(parsed) }];
      if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) return null;
      const inputs = (parsed ?? {}) as Record<string, unknown>;
      return paths.map((p, i) => ({ path: p, input: inputs[i] === undefined ? undefined : config.transformer.input.deserialize(inputs[i]) }));
    } catch {
      return null;
    }
  };

  const answerPlainQueries = async (ctx: KoaContext, calls: { path: string; input: unknown }[], isBatch: boolean) => {
    const context = contextOf(ctx);
    const results = await Promise.all(
      calls.map(async ({ path, input }, batchIndex) => {
        try {
          const data = await callTRPCProcedure({
            router: options.router,
            path,
            getRawInput: async () => input,
            ctx: context,
            type: 'query',
            signal: undefined,
            batchIndex,
          });
          return { result: { data } };
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError({ error, path });
          return { error: getTRPCErrorShape({ config, error, type: 'query', path, input, ctx: context }) };
        }
      }),
    );
    ctx.status = getHTTPStatusCode(results);
    ctx.set('Vary', 'trpc-accept, accept');
    for (const [name, value] of context.responseHeaders) ctx.set(name, value);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(transformTRPCResponse(config, isBatch ? results : results[0]!));
  };

  const query = async (ctx: KoaContext, path: string) => {
    const calls = plainQueryCalls(ctx, path);
    if (calls) return answerPlainQueries(ctx, calls, ctx.query.batch === '1');
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
    // Appended: the auth middleware may have cleared a dead session cookie already.
    for (const cookie of response.headers.getSetCookie()) ctx.append('Set-Cookie', cookie);
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

  /** Answers a request refused before tRPC saw it, in tRPC's error shape. */
  const refuse = (ctx: KoaContext, error: TRPCError) => {
    const context = contextOf(ctx);
    ctx.status = getHTTPStatusCodeFromError(error);
    ctx.type = 'application/json';
    ctx.body = JSON.stringify(
      transformTRPCResponse(config, { error: getTRPCErrorShape({ config, error, type: 'unknown', path: undefined, input: undefined, ctx: context }) }),
    );
  };

  return (ctx, next) => {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const path = ctx.path.slice(prefix.length + 1);
    if (!isDecodable(path)) {
      return refuse(ctx, new TRPCError({ code: 'BAD_REQUEST', message: 'The procedure path is not valid percent-encoding.' }));
    }
    // A cookie-authenticated write without the app's header (CSRF, server/http/auth.ts).
    if (typeof ctx.state.csrfRefusal === 'string') return refuse(ctx, new TRPCError({ code: 'FORBIDDEN', message: ctx.state.csrfRefusal }));
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return query(ctx, path);
    const encodingError = rawBodyEncodingError(ctx.get('Content-Encoding') || undefined);
    if (encodingError) return refuse(ctx, new TRPCError({ code: encodingError.code, message: encodingError.message }));
    return mutation(ctx, path);
  };
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
