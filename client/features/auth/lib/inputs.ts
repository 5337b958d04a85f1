import { TRPCClientError } from '@trpc/client';

/** SPEC §5: phone and OTP inputs keep digits only; email and referral drop whitespace. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
export const withoutSpaces = (value: string) => value.replace(/\s/g, '');

export const OTP_LENGTH = 6;
/** SPEC §9: 60 s before another code can be asked for. */
export const RESEND_SECONDS = 60;
/** SPEC §9: the panel slides out for 300 ms before navigating. */
export const SLIDE_OUT_MS = 300;
/** SPEC §9: referral codes from share links start with ME. */
export const REFERRAL_PREFIX = 'ME';

/** 75 → "1:15", 9 → "0:09" (SPEC §4: the countdown shows m:ss). */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${minutes}:${String(safe % 60).padStart(2, '0')}`;
}

/** "9876543210" → "+91 98765 43210" for the "OTP sent to" line. */
export function formatPhone(phone: string): string {
  const ten = phone.replace(/\D/g, '').slice(-10);
  return ten.length === 10 ? `+91 ${ten.slice(0, 5)} ${ten.slice(5)}` : phone;
}

type ErrorData = { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[] | string | undefined> };

export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined)?.code : undefined;
}

/** The server's own text (SPEC §8: "show the server's error text"), or a fallback for network trouble. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof TRPCClientError) {
    const data = error.data as ErrorData | undefined;
    if (data?.code && error.message && data.code !== 'INTERNAL_SERVER_ERROR') return error.message;
    const first = data?.fieldErrors ? Object.values(data.fieldErrors).flat().find(Boolean) : undefined;
    if (typeof first === 'string' && first) return first;
  }
  return fallback;
}

/** Field errors from a BAD_REQUEST, first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as ErrorData | undefined;
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(data?.fieldErrors ?? {})) {
    const message = Array.isArray(value) ? value[0] : value;
    if (message) out[field] = message;
  }
  return out;
}
