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
