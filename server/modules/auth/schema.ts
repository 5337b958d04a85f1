import { z } from 'zod';
import { booleanStringSchema, emailSchema, nameSchema, otpSchema, phoneNumberSchema } from '../common/schema.ts';
import type { CurrentUser } from '../users/schema.ts';

/** Shopper sign-up and login by phone + OTP (SPEC §4, §5, §7 Auth). Shared by tRPC, REST and the client. */

/** Rules of the OTP flow (docs/auth.md). */
export const OTP_RULES = {
  length: 6,
  /** A code is valid this long after it was sent. */
  ttlSeconds: 10 * 60,
  /** Wrong tries that burn a code. */
  maxAttempts: 5,
  /** Shortest wait between two codes to one phone (SPEC §9). */
  resendSeconds: 60,
  /** Codes one phone may receive per clock hour and per (UTC) day. */
  perPhonePerHour: 5,
  perPhonePerDay: 10,
} as const;

/** `isApk` as the app sends it: a boolean or the strings "true"/"false"; absent = the web. */
const isApkSchema = booleanStringSchema.optional().default(false);

/** The id of a pending OTP flow, returned by signup/login as `userId` and sent back with the code. */
export const otpFlowIdSchema = z.coerce
  .number({ error: 'userId is required' })
  .int('userId is required')
  .positive('userId is required')
  .max(Number.MAX_SAFE_INTEGER, 'userId is not valid');

/** Optional; spaces stripped, upper-cased; codes start with ME (SPEC §5, §9). Empty means none. */
export const referralCodeSchema = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (v ?? '').replace(/\s/g, '').toUpperCase())
  .pipe(z.union([z.literal(''), z.string().regex(/^ME[A-Z0-9]{4,20}$/, 'Invalid referral code')]))
  .transform((v) => (v === '' ? undefined : v));

export const signupSchema = z.object({
  phoneNumber: phoneNumberSchema,
  name: nameSchema,
  email: emailSchema,
  referral: referralCodeSchema,
  isApk: isApkSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  phoneNumber: phoneNumberSchema,
  isApk: isApkSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyOtpSchema = z.object({
  otp: otpSchema,
  userId: otpFlowIdSchema,
  isApk: booleanStringSchema.optional(),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/** Resend: a new code replaces the old one of the same flow. */
export const sendOtpSchema = z.object({
  phoneNumber: phoneNumberSchema,
  userId: otpFlowIdSchema,
});
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

/** What signup, login and resend answer: the flow id to send back with the code, and the timers. */
export interface OtpSent {
  userId: number;
  /** Seconds until another code may be asked for (the m:ss countdown). */
  resendAfterSeconds: number;
  /** Seconds this code stays valid. */
  expiresInSeconds: number;
}

/** A completed login or sign-up. */
export interface AuthSession {
  accessToken: string;
  expiresAt: Date;
  /** True when this verification created (or revived) the account. */
  isNewUser: boolean;
  user: CurrentUser;
}

/** "Please wait 42 seconds before asking for another OTP." (the seconds until a resend is allowed). */
export const resendWaitMessage = (seconds: number) =>
  `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another OTP.`;

/** Spec texts (SPEC §8) and the other messages of the flow. */
export const AUTH_MESSAGES = {
  notFound: "We couldn't find your account.",
  wrongOtp: 'Wrong Otp. Try again.',
  burned: 'Too many wrong tries. Please ask for a new OTP.',
  expired: 'This OTP has expired. Please ask for a new one.',
  used: 'This OTP has already been used. Please ask for a new one.',
  noFlow: 'This OTP request was not found. Please start again.',
  exists: 'An account with this phone number already exists. Please log in.',
  tooManySends: 'Too many OTP requests. Please try again later.',
} as const;
