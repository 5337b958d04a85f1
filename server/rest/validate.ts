import type { ZodType } from 'zod';

/** Parses with a shared zod schema; a ZodError becomes a 400 with field errors in the error middleware. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  return schema.parse(value);
}
