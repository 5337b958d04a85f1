import { z } from 'zod';
import { emailSchema, nameSchema, phoneNumberSchema } from '../common/schema.ts';

/** A blank contact field counts as left out: the shopper's profile fills it in. */
const leftOutWhenBlank = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * A help-and-support message from a signed-in shopper (`POST /api/user/help-and-support`, tRPC
 * `supportTickets.create`). Only subject and message are needed: name, email and phone number left
 * out (or blank) are taken from the shopper's profile; those given are validated with the spec's
 * rules and used as given (a shopper may want the reply at another address).
 */
export const createSupportTicketSchema = z.object({
  name: z.preprocess(leftOutWhenBlank, nameSchema.optional()),
  email: z.preprocess(leftOutWhenBlank, emailSchema.optional()),
  phoneNumber: z.preprocess(leftOutWhenBlank, phoneNumberSchema.optional()),
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
