import type { Knex } from 'knex';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { hitLimits } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import { SUPPORT_TICKETS_PER_HOUR, type CreateSupportTicketInput, type SupportTicketCreated } from './schema.ts';
import { single } from '../../db/rows.ts';

type Contact = { name: string; email: string; phoneNumber: string | null };

/**
 * Who the reply goes to: what the shopper gave, else their profile. A profile without an email (or a
 * name) and none given is the spec's "Email is required" ("Name is required") on that field.
 */
async function contactFor(consumerId: number, input: CreateSupportTicketInput, trx: Knex.Transaction): Promise<Contact> {
  const profile = await trx('consumers').where({ id: consumerId }).whereNull('deletedAt').first('name', 'email', 'phoneNumber');
  if (!profile) throw unauthorized();
  const name = input.name ?? profile.name?.trim() ?? '';
  const email = input.email ?? profile.email?.trim() ?? '';
  const missing: Record<string, string> = {};
  if (!name) missing.name = 'Name is required';
  if (!email) missing.email = 'Email is required';
  const first = Object.values(missing)[0];
  if (first) throw badRequest(first, missing);
  return { name, email, phoneNumber: input.phoneNumber ?? profile.phoneNumber ?? null };
}

/**
 * Stores a help-and-support message from a signed-in shopper (at most a few an hour). Name, email and
 * phone number not given come from the shopper's profile.
 */
export async function createSupportTicket(
  consumerId: number,
  input: CreateSupportTicketInput,
): Promise<SupportTicketCreated> {
  const { db } = runtime();
  return db.transaction(async (trx) => {
    const contact = await contactFor(consumerId, input, trx);
    await hitLimits(
      [
        {
          key: `support:consumer:${consumerId}`,
          max: SUPPORT_TICKETS_PER_HOUR,
          windowSeconds: 3600,
          message: 'You have sent several messages already. Please try again in a while.',
        },
      ],
      trx,
    );
    const row = single(
      await trx('supportTickets')
        .insert({
        consumerId,
        name: contact.name,
        email: contact.email,
        phoneNumber: contact.phoneNumber,
        subject: input.subject,
        message: input.message,
      })
        .returning('id'),
    );
    return { success: true as const, ticketId: row.id };
  });
}
