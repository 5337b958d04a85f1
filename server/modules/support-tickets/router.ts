import { router, userProcedure } from '../../trpc/trpc.ts';
import { createSupportTicketSchema } from './schema.ts';
import { createSupportTicket } from './service.ts';

export const supportTicketsRouter = router({
  create: userProcedure
    .input(createSupportTicketSchema)
    .mutation(({ input, ctx }) => createSupportTicket(ctx.principal.consumerId, input)),
});
