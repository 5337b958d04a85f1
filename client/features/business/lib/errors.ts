import { TRPCClientError } from '@trpc/client';

type ErrorData = { code?: string; httpStatus?: number; fieldErrors?: Record<string, string | string[] | undefined> };

/** The server's field errors of a failed call (`{ 'timeSlots.1.endTime': '…' }`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as ErrorData | undefined;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(data?.fieldErrors ?? {})) {
    const message = Array.isArray(value) ? value[0] : value;
    if (message) out[field] = message;
  }
  return out;
}

/** A message to show for a failed call: the server's text, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message && !/^Internal server error$/i.test(error.message)) {
    return error.message;
  }
  return fallback;
}
