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

/**
 * The languages the product speaks (docs/i18n.md): English, the source and the default, and Hindi. A
 * shopper's and an owner's choice is stored on their account (`consumers.language`,
 * `business_owners.language`).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES, { error: 'Choose English (en) or Hindi (hi)' });
export const setLanguageSchema = z.object({ language: languageSchema });
export type SetLanguageInput = z.infer<typeof setLanguageSchema>;

/** A `"true"`/`"false"` string as the legacy REST shapes use, or a boolean. */
export const booleanStringSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

// ------------------------------------------------------------------------------------------------
// Business identity numbers: one rule per field for the owner's pages, the public business form and
// the back office (whose declarations import these), and for the client's forms. Kept apart from the
// primitives above.

export const BUSINESS_ID_MESSAGES = {
  panRequired: 'PAN is required',
  panInvalid: 'Please enter a valid PAN (like ABCDE1234F)',
  gstinRequired: 'GSTIN is required',
  gstinInvalid: 'Please enter a valid GSTIN',
  gstinChecksum: 'This GSTIN is not valid: check the last character',
} as const;

/** An identity number as typed: spaces dropped, upper case. */
export const compactUpperCase = (v: string) => v.replace(/\s/g, '').toUpperCase();

/** Five letters, four digits, a letter (the table's CHECK says the same). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Empty is "required" (never the pattern's message), then the pattern. */
export const panSchema = z
  .string({ error: BUSINESS_ID_MESSAGES.panRequired })
  .transform(compactUpperCase)
  .pipe(z.string().min(1, { error: BUSINESS_ID_MESSAGES.panRequired, abort: true }).regex(PAN_PATTERN, BUSINESS_ID_MESSAGES.panInvalid));

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN, entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character (GSTN's mod-36 scheme over the first 14 characters). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14];
}

/** 15 characters, format AND checksum; empty is "required". */
export const gstinSchema = z
  .string({ error: BUSINESS_ID_MESSAGES.gstinInvalid })
  .transform(compactUpperCase)
  .pipe(
    z
      .string()
      .min(1, { error: BUSINESS_ID_MESSAGES.gstinRequired, abort: true })
      // A malformed GSTIN gets the format message alone (never the checksum's beside it).
      .regex(GSTIN_PATTERN, { error: BUSINESS_ID_MESSAGES.gstinInvalid, abort: true })
      .refine((v) => gstinCheckChar(v.slice(0, 14)) === v[14], BUSINESS_ID_MESSAGES.gstinChecksum),
  );

/** A sign-in with a username and a password: the business console's and the sales back office's. */
export const credentialsSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
