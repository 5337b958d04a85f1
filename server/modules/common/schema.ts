import { z } from 'zod';

/** Primitives shared by several modules, with the spec's exact messages (SPEC §5). */

export const idSchema = z.coerce.number().int().positive();

/** Optional leading 0, then ten digits starting 6–9 (or ten ones); non-digits are stripped first. */
export const phoneNumberSchema = z
  .string({ error: 'Phone Number is required' })
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Phone Number is required')
      .regex(/^0?([6-9]\d{9}|1{10})$/, 'Please enter a valid phone number')
      .transform((v) => v.slice(-10)),
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
