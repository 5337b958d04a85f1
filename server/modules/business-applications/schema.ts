import { z } from 'zod';
import { emailSchema, gstinSchema, idSchema, panSchema, phoneNumberSchema } from '../common/schema.ts';
import { gstAckNumberSchema } from '../business-account/schema.ts';

/**
 * The public /for-business-form (SPEC §2, §5, §9): business name and address, PAN, the GSTIN
 * certificate (mandatory; the acknowledgment number while it is pending), a cancelled cheque or
 * passbook. Documents are uploaded first (`documents`) and named by the token that upload returns, so
 * tRPC and REST submit the same JSON through the same schema. docs/business.md.
 */

export const APPLICATION_MESSAGES = {
  gstProof: 'GST certificate is mandatory; give the acknowledgment number while it is pending',
  chequeRequired: 'Upload a cancelled cheque or the passbook page',
  badDocument: 'This document upload is not valid any more; please upload it again',
  documentFailed: 'Failed to upload the document',
  submitted: 'Thank you! Our team will verify your documents within 2-5 working days.',
} as const;

export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const DOCUMENT_WIDTHS = [1600] as const;

/**
 * Where application documents are stored: a private prefix (`server/providers/storage.ts`) that
 * `/uploads` never serves. Documents stored before the move lived under `applications/` (also private).
 */
export const APPLICATION_DOCUMENTS_PREFIX = 'private/applications/';

/** An upload token: `<storage key>.<keyed hash>` (the server made it; a client cannot forge one). */
export const documentTokenSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^(private\/)?applications\/[a-z0-9/_.-]+\.[0-9a-f]{64}$/, APPLICATION_MESSAGES.badDocument);

const optionalText = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(max).optional());

export const submitApplicationSchema = z
  .object({
    businessName: z.string({ error: 'Business name is required' }).trim().min(2, 'Business name is required').max(120, 'Business name is too long'),
    address: z.string({ error: 'Business address is required' }).trim().min(5, 'Business address is required').max(400, 'Address is too long'),
    contactName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(80, 'Name is too long'),
    phoneNumber: phoneNumberSchema,
    email: z.preprocess((v) => (v === '' ? undefined : v), emailSchema.optional()),
    pan: panSchema,
    gstin: z.preprocess((v) => (v === '' ? undefined : v), gstinSchema.optional()),
    gstAckNumber: z.preprocess((v) => (v === '' ? undefined : v), gstAckNumberSchema.optional()),
    gstCertificate: z.preprocess((v) => (v === '' ? undefined : v), documentTokenSchema.optional()),
    cheque: z.preprocess((v) => (v === '' ? undefined : v), documentTokenSchema.optional()),
    cityId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
    categoryId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
    message: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (!v.gstCertificate && !v.gstAckNumber) ctx.addIssue({ code: 'custom', path: ['gstCertificate'], message: APPLICATION_MESSAGES.gstProof });
    if (!v.cheque) ctx.addIssue({ code: 'custom', path: ['cheque'], message: APPLICATION_MESSAGES.chequeRequired });
  });
export type SubmitApplicationInput = z.infer<typeof submitApplicationSchema>;

export interface SubmittedApplication {
  id: number;
  status: 'pending';
  message: string;
  createdAt: Date;
}
