import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { AppError, toAppError } from '../lib/errors.ts';
import { localize, localizeFields, localizeZodError } from '../lib/i18n.ts';
import { assertMasterAccount, assertRawOutletAccess } from '../lib/outlet-access.ts';
import type { Context } from './context.ts';

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Messages go out in the caller's language (docs/i18n.md); English is the code's own text.
  errorFormatter({ shape, error, ctx }) {
    const language = ctx?.language ?? 'en';
    let fieldErrors: Record<string, string> | undefined;
    let message = localize(shape.message, language);
    if (error.cause instanceof ZodError) {
      ({ message, fieldErrors } = localizeZodError(error.cause, language));
    } else if (error.cause instanceof AppError) {
      fieldErrors = localizeFields(error.cause.details, language);
    }
    // Never leak internals of real faults to the client.
    if (error.code === 'INTERNAL_SERVER_ERROR') message = localize('Internal server error', language);
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message, data: { ...data, fieldErrors } };
  },
});

/**
 * Every procedure runs through this: services throw AppError (or the database refuses), and the
 * client receives the same code the REST side maps to an HTTP status (CONVENTIONS §F).
 */
const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause && !(cause instanceof ZodError)) {
      const appError = toAppError(cause);
      if (appError) {
        if (appError.retryAfter) ctx.responseHeaders.set('Retry-After', String(appError.retryAfter));
        throw new TRPCError({ code: appError.code, message: appError.message, cause: appError });
      }
    }
  }
  return result;
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapErrors);

/**
 * The three guards, each one middleware: `guardOf` reads which one a procedure carries (the business
 * token's list, server/trpc/business-procedures.ts, is checked against it).
 */
const requireConsumer = t.middleware(({ ctx, next }) => {
  if (ctx.principal?.kind !== 'consumer') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

const requireBusiness = t.middleware(({ ctx, next }) => {
  if (ctx.principal?.kind !== 'business') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to your business account.' });
  }
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

const requireSales = t.middleware(({ ctx, next }) => {
  if (ctx.principal?.kind !== 'sales') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to the sales back office.' });
  }
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

/** A signed-in shopper: narrows `ctx.principal` to the consumer. */
export const userProcedure = publicProcedure.use(requireConsumer);

/** A signed-in business owner (master or sub-account). Outlet ownership is checked by services. */
export const businessProcedure = publicProcedure.use(requireBusiness);

/** A signed-in member of the sales staff. */
export const salesProcedure = publicProcedure.use(requireSales);

/** Who may call a procedure: the principal its guard requires, or `public`. */
export function guardOf(procedure: unknown): 'consumer' | 'business' | 'sales' | 'public' {
  const middlewares = (procedure as { _def?: { middlewares?: unknown[] } })._def?.middlewares ?? [];
  const has = (guard: { _middlewares: unknown[] }) => guard._middlewares.every((m) => middlewares.includes(m));
  if (has(requireBusiness)) return 'business';
  if (has(requireConsumer)) return 'consumer';
  if (has(requireSales)) return 'sales';
  return 'public';
}

/**
 * A signed-in business account whose request names an outlet it may use (the business routers:
 * businessAccount, promotions, dashboards). The check runs on the RAW input, before the input schema,
 * so a foreign outlet is refused (403/404) whatever else the request holds; the services check again
 * on the parsed input (one rule: server/lib/outlet-access.ts). Every input of these procedures carries
 * `outletId` at the top level.
 */
export const outletProcedure = businessProcedure.use(async ({ ctx, getRawInput, next }) => {
  await assertRawOutletAccess(ctx.principal.businessOwnerId, await getRawInput());
  return next();
});

/** A signed-in MASTER account (sub-accounts never manage accounts); outlets it grants are checked like above. */
export const masterProcedure = businessProcedure.use(async ({ ctx, getRawInput, next }) => {
  await assertMasterAccount(ctx.principal.businessOwnerId);
  await assertRawOutletAccess(ctx.principal.businessOwnerId, await getRawInput());
  return next();
});
