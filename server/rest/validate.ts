import type { Context } from 'koa';
import type { ZodType } from 'zod';

/** Parses with a shared zod schema; a ZodError becomes a 400 with field errors in the error middleware. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  return schema.parse(value);
}

/** Query, then body fields, of a request, as one raw object for the shared zod schemas. */
export function rawInputOf(ctx: Context, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body = ctx.request.body;
  return { ...ctx.query, ...(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}), ...extra };
}
