import type { z } from 'zod';

/**
 * A react-admin form `validate` function from a shared zod schema: the browser shows the very messages
 * the server would answer with, before the request is sent. Server errors still come back inline
 * (pessimistic mode) for what only the server can check (unique usernames, ownership).
 */
export function zodValidate(schema: z.ZodType) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'root';
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

/** Defaults a create form starts with: whatever each field's schema yields for a missing value. */
export function defaultsOf(schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(undefined);
    if (parsed.success && parsed.data !== undefined && parsed.data !== null) out[key] = parsed.data;
  }
  return out;
}
