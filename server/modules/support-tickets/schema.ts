import { z } from 'zod';
import { emailSchema, nameSchema, phoneNumberSchema } from '../common/schema.ts';

/** A help-and-support message from a signed-in shopper (`POST /api/user/help-and-support`). */
export const createSupportTicketSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phoneNumber: z.preprocess((v) => (v === '' || v === null ? undefined : v), phoneNumberSchema.optional()),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(150, 'Subject is too long (at most 150 characters)'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message is too long (at most 2000 characters)'),
});
export type CreateSupportTicketInput = z.infer<typeof createSupportTicketSchema>;

export interface SupportTicketCreated {
  success: true;
  ticketId: number;
}

/** Tickets one shopper may open per hour. */
export const SUPPORT_TICKETS_PER_HOUR = 5;
