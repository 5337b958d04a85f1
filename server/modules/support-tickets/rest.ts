import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { createSupportTicketSchema } from './schema.ts';
import { createSupportTicket } from './service.ts';

/** `POST /api/user/help-and-support` (SPEC §7): stores the message; answers `{ success: true }`. */
export function supportTicketsRest({ api }: { api: Router }): void {
  api.post('/user/help-and-support', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = await createSupportTicket(consumerId, parseWith(createSupportTicketSchema, ctx.request.body ?? {}));
  });
}
