import { hitLimits } from '../../lib/rate-limit.ts';
import { runtime } from '../../lib/runtime.ts';
import { SUPPORT_TICKETS_PER_HOUR, type CreateSupportTicketInput, type SupportTicketCreated } from './schema.ts';

/** Stores a help-and-support message from a signed-in shopper (at most a few an hour). */
export async function createSupportTicket(
  consumerId: number,
  input: CreateSupportTicketInput,
): Promise<SupportTicketCreated> {
  const { db } = runtime();
  return db.transaction(async (trx) => {
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
    const [row] = await trx('supportTickets')
      .insert({
        consumerId,
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNumber ?? null,
        subject: input.subject,
        message: input.message,
      })
      .returning('id');
    return { success: true as const, ticketId: Number(row.id) };
  });
}
