import { z } from 'zod';
import { booleanStringSchema, emailSchema, idSchema, phoneNumberSchema } from '../common/schema.ts';

/**
 * /for-bussiness/account/user-management: a MASTER account manages its sub-accounts and which of its
 * outlets each may use. A sub-account never manages accounts (403). docs/business.md.
 */

export const SUB_ACCOUNT_MESSAGES = {
  notFound: 'User not found',
  usernameTaken: 'This username is taken',
} as const;

const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username must have at least 3 characters')
  .max(40, 'Username can have at most 40 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Use letters, digits and . _ @ - only');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must have at least 8 characters')
  .max(128, 'Password can have at most 128 characters');

const outletIdsSchema = z.array(idSchema).max(200).default([]);

export const createSubAccountSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
  phoneNumber: phoneNumberSchema,
  email: emailSchema.nullish(),
  designation: z.string().trim().max(60, 'Designation is too long').nullish(),
  outletIds: outletIdsSchema,
  /** May refund payments at its outlets (the counter). Masters always may. */
  canRefund: booleanStringSchema.optional(),
});
export type CreateSubAccountInput = z.infer<typeof createSubAccountSchema>;

export const updateSubAccountSchema = z.object({
  subAccountId: idSchema,
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long').optional(),
  phoneNumber: phoneNumberSchema.optional(),
  email: emailSchema.nullish(),
  designation: z.string().trim().max(60, 'Designation is too long').nullish(),
  isActive: booleanStringSchema.optional(),
  canRefund: booleanStringSchema.optional(),
  password: passwordSchema.optional(),
});
export type UpdateSubAccountInput = z.infer<typeof updateSubAccountSchema>;

export const setSubAccountOutletsSchema = z.object({ subAccountId: idSchema, outletIds: outletIdsSchema });
export type SetSubAccountOutletsInput = z.infer<typeof setSubAccountOutletsSchema>;

export const subAccountIdSchema = z.object({ subAccountId: idSchema });

export interface SubAccount {
  id: number;
  username: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  designation: string | null;
  isActive: boolean;
  /** May refund payments at its outlets (docs/business.md, "Refunds"). */
  canRefund: boolean;
  outletIds: number[];
  createdAt: Date;
}
