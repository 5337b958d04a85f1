import { z } from 'zod';
import { emailSchema, nameSchema, phoneNumberSchema } from '../common/schema.ts';

/** The /become-promoter interest form (SPEC §1, §2). */

export const PROMOTER_MESSAGES = {
  tooMany: 'Too many applications from this network. Please try again later.',
} as const;

export const createPromoterApplicationSchema = z.object({
  name: nameSchema,
  phoneNumber: phoneNumberSchema,
  email: z.preprocess((v) => (v === '' || v === null ? undefined : v), emailSchema.optional()),
  city: z
    .string({ error: 'City is required' })
    .trim()
    .min(2, 'City is required')
    .max(80, 'City is too long'),
  message: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(1000, 'Message is too long (1000 characters at most)').optional(),
  ),
});
export type CreatePromoterApplicationInput = z.infer<typeof createPromoterApplicationSchema>;

export const promoterApplicationSchema = z.object({
  id: z.number().int(),
  createdAt: z.date(),
});
export type PromoterApplication = z.infer<typeof promoterApplicationSchema>;
