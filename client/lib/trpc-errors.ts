import { t } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';

/**
 * Reads a failed tRPC call (docs/architecture.md "Errors"): the server's error formatter sends
 * `data.code` (a tRPC code name), `data.httpStatus` and, for bad input or a business rule on a
 * field, `data.fieldErrors` (`{ field: message }`). Anything else (a network failure, a timeout, a
 * plain Error) has no data: only its message.
 */
export type TrpcErrorInfo = {
  /** 'BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED' … (undefined when the server never answered). */
  code: string | undefined;
  httpStatus: number | undefined;
  /** The error's message: the server's text, or the network's ("Failed to fetch"). */
  message: string;
  /** The first message per field; null when the server sent no field errors at all. */
  fieldErrors: Record<string, string> | null;
};

type ErrorData = { code?: unknown; httpStatus?: unknown; fieldErrors?: Record<string, string | string[] | undefined> | null };

/** Never shown: the server's text for a fault it does not explain. */
const INTERNAL_MESSAGE = /^Internal server error$/i;

export function readTrpcError(error: unknown): TrpcErrorInfo {
  if (!(error instanceof TRPCClientError)) {
    return { code: undefined, httpStatus: undefined, message: error instanceof Error ? error.message : '', fieldErrors: null };
  }
  const data = (error.data ?? undefined) as ErrorData | undefined;
  let fieldErrors: Record<string, string> | null = null;
  if (data?.fieldErrors) {
    fieldErrors = {};
    for (const [field, value] of Object.entries(data.fieldErrors)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (message) fieldErrors[field] = message;
    }
  }
  return {
    code: typeof data?.code === 'string' ? data.code : undefined,
    httpStatus: typeof data?.httpStatus === 'number' ? data.httpStatus : undefined,
    message: error.message,
    fieldErrors,
  };
}

/** The tRPC code name of a failed call ('NOT_FOUND' …), if the server answered. */
export const errorCode = (error: unknown): string | undefined => readTrpcError(error).code;

/** The HTTP status of a failed call, if the server answered. */
export const httpStatusOf = (error: unknown): number | undefined => readTrpcError(error).httpStatus;

/** The server's field errors, first message per field (`{ 'timeSlots.1.endTime': '…' }`); {} when none. */
export const fieldErrorsOf = (error: unknown): Record<string, string> => readTrpcError(error).fieldErrors ?? {};

/** What a call that never reached the server says (the browser's own "Failed to fetch" is not for people). */
export const networkMessage = () => t`We couldn't reach Bachat. Check your connection and try again.`;

/**
 * The message of a failed tRPC call: the server's (already in the reader's language, docs/i18n.md), or
 * for a call that never got an answer (offline, timed out) `networkMessage()`, else `fallback` (not a
 * tRPC error, or the server's generic 500 text). The business console shows these.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const info = readTrpcError(error);
  if (info.code === undefined) return networkMessage();
  if (error.message && !INTERNAL_MESSAGE.test(error.message)) return error.message;
  return fallback;
}

/**
 * Only words the server chose (SPEC §8 "show the server's error text"): its message when it answered
 * with a code other than INTERNAL_SERVER_ERROR, else its first field error, else `fallback` (network
 * trouble, a timeout). The shopper's auth forms show these.
 */
export function serverMessageOf(error: unknown, fallback = t`Something went wrong. Please try again.`): string {
  const info = readTrpcError(error);
  if (!(error instanceof TRPCClientError)) return fallback;
  if (info.code && info.message && info.code !== 'INTERNAL_SERVER_ERROR') return info.message;
  const first = info.fieldErrors ? Object.values(info.fieldErrors).find(Boolean) : undefined;
  return first || fallback;
}

/**
 * A form's errors from a failed call: the server's field errors, and under the form (`form`) its
 * message only when no field already says it, so one mistake is never shown twice (a bad GSTIN under
 * the GSTIN field and again under the form). `fields` are the fields the form shows; an error for any
 * other field goes under the form.
 */
export function formErrorsOf(error: unknown, fallback: string, fields?: readonly string[]): Record<string, string> {
  const all = fieldErrorsOf(error);
  const shown = fields ? Object.fromEntries(Object.entries(all).filter(([field]) => fields.includes(field))) : all;
  const said = new Set(Object.values(shown));
  const unshown = Object.entries(all).find(([field]) => !(field in shown))?.[1];
  const message = unshown ?? messageOf(error, fallback);
  return said.has(message) ? shown : { ...shown, form: message };
}
