import { z } from 'zod';

/** Primitives shared by several modules, with the spec's exact messages (SPEC §5). */

export const idSchema = z.coerce.number().int().positive();

/** The longest run of digits a phone input keeps: 91 + ten digits (a number typed with its country code). */
export const PHONE_INPUT_MAX_DIGITS = 12;

/**
 * A phone number as typed or pasted (`+91 98765 43210`, `098765 43210`, `98765-43210`) → its digits
 * with the country or trunk prefix dropped (SPEC §5: non-digits are stripped first). Only an 11-digit
 * number's leading 0 and a 12-digit number's leading 91 are prefixes; anything else is returned as
 * digits for the rule to judge.
 */
export function normalizePhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/**
 * What a phone input keeps of its text: the normalised digits, at most 12 so a number still being
 * typed with its 91 can be finished. Inputs must not use `maxLength`: the browser would cut a pasted
 * `+91 98765 43210` to its first characters before this sees it.
 */
export function phoneInputValue(value: string): string {
  return normalizePhoneNumber(value).slice(0, PHONE_INPUT_MAX_DIGITS);
}

/**
 * SPEC §5: non-digits stripped first, then an optional leading 0 (or a +91 / 91 country code), then
 * ten digits starting 6–9, or ten ones. The result is the ten digits.
 */
export const phoneNumberSchema = z
  .string({ error: 'Phone Number is required' })
  .transform(normalizePhoneNumber)
  .pipe(
    z
      .string()
      .min(1, 'Phone Number is required')
      .regex(/^([6-9]\d{9}|1{10})$/, 'Please enter a valid phone number'),
  );

export const otpSchema = z
  .string({ error: 'otp is required' })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().min(1, 'otp is required').regex(/^\d{6}$/, 'otp should be of 6 digits'));

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name is too long');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().min(1, 'Email is required').max(254, 'Invalid email address').pipe(z.email('Invalid email address')));

/** A `"true"`/`"false"` string as the legacy REST shapes use, or a boolean. */
export const booleanStringSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
