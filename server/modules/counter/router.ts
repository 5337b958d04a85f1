import { outletProcedure, router } from '../../trpc/trpc.ts';
import { counterPageSchema, refundInputSchema, streamTicketInputSchema, verifyInputSchema } from './schema.ts';
import { issueStreamTicket, listCounterPayments, refundPayment, verifyReceipt } from './service.ts';

/** `trpc.counter.*`: the outlet's payments screen (docs/payments.md "The counter"). The stream itself is REST (SSE). */
export const counterRouter = router({
  /** Paid bills, newest first, 20 a page, with the feed position to stream from. */
  payments: outletProcedure.input(counterPageSchema).query(({ ctx, input }) => listCounterPayments(ctx.principal.businessOwnerId, input)),
  /** "Check a receipt": the 6-digit code or the receipt id. */
  verify: outletProcedure.input(verifyInputSchema).query(({ ctx, input }) => verifyReceipt(ctx.principal.businessOwnerId, input)),
  /** A 60-second ticket to open the event stream with (EventSource cannot send the token). */
  streamTicket: outletProcedure.input(streamTicketInputSchema).mutation(({ ctx, input }) => issueStreamTicket(ctx.principal, input.outletId)),
  /** An owner refund, fully or in part, within 24 h of the payment (idempotent by key). */
  refund: outletProcedure.input(refundInputSchema).mutation(({ ctx, input }) => refundPayment(ctx.principal.businessOwnerId, input)),
});
