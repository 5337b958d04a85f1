import { z } from 'zod';
import { credentialsSchema, languageSchema } from '../common/schema.ts';

/** `POST /api/onboarding/bo/login` and `businessAuth.login`. */
export const businessLoginSchema = credentialsSchema.extend({
  /** The Android wrapper's sessions last a year (SPEC §9). */
  isApk: z.boolean().optional(),
});
export type BusinessLoginInput = z.infer<typeof businessLoginSchema>;

export const businessOwnerIdentitySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  pan: z.string().nullable(),
  designation: z.string().nullable(),
  isMaster: z.boolean(),
  masterId: z.number().int().nullable(),
  /** The console's language for this account (docs/i18n.md). */
  language: languageSchema,
});
export type BusinessOwnerIdentity = z.infer<typeof businessOwnerIdentitySchema>;

export const businessOutletSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  addressLineTwo: z.string(),
});
export type BusinessOutletSummary = z.infer<typeof businessOutletSummarySchema>;

/** tRPC result (camelCase); the REST adapter maps it to businessOwnerDetails / outletDetails. */
export const businessLoginResultSchema = z.object({
  accessToken: z.string(),
  /** When the session (and its cookie) ends: one day on the web, a year in the app. */
  expiresAt: z.date(),
  businessOwner: businessOwnerIdentitySchema,
  outlets: z.array(businessOutletSummarySchema),
});
export type BusinessLoginResult = z.infer<typeof businessLoginResultSchema>;
