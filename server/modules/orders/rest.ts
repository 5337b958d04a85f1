import type Router from '@koa/router';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf } from '../../rest/guards.ts';
import { createOrderInputSchema, toRestOrder } from './schema.ts';
import { createOrder } from './service.ts';

/**
 * `POST /api/outlet/route/v1/create` (SPEC §7: create order). The idempotency key comes from the body's
 * `idempotencyKey` or the `Idempotency-Key` header. 201 for a new order, 200 for a replayed one.
 */
export function ordersRest({ api }: { api: Router }): void {
  api.post('/outlet/route/v1/create', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const header = ctx.get('Idempotency-Key');
    const input = parseWith(createOrderInputSchema, { ...body, idempotencyKey: body.idempotencyKey ?? (header || undefined) });
    const order = await createOrder(consumerId, input);
    ctx.body = { order: toRestOrder(order) };
  });
}
