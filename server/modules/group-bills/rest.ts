import type Router from '@koa/router';
import type { Context } from 'koa';
import { parseWith } from '../../rest/validate.ts';
import { consumerOf, principalOf } from '../../rest/guards.ts';
import { toRestOrder } from '../orders/schema.ts';
import * as inputs from './schema.ts';
import { createGroupBill, getGroupBill, payRest, payShare, updateGroupBill } from './service.ts';

const bodyOf = (ctx: Context) => (ctx.request.body ?? {}) as Record<string, unknown>;

/** The idempotency key from the body's `idempotencyKey` or the `Idempotency-Key` header (as for orders). */
const withKey = (ctx: Context, extra: Record<string, unknown>) => {
  const body = bodyOf(ctx);
  return { ...body, ...extra, idempotencyKey: body.idempotencyKey ?? (ctx.get('Idempotency-Key') || undefined) };
};

/**
 * Group pay for partners and the app wrapper (docs/payments.md "Group pay"), the same services as
 * `trpc.groupBills.*`:
 *   POST  /api/group-bills                                   {outletId, amount, people | shares, tableNumber?} → 201 {groupBill}
 *   GET   /api/group-bills/{code}                            → {groupBill}
 *   PATCH /api/group-bills/{code}                            {amount, people | shares} (the host, before anyone paid)
 *   POST  /api/group-bills/{code}/shares/{shareId}/order     {couponId?, idempotencyKey} → {order}
 *   POST  /api/group-bills/{code}/rest/order                 {couponId?, idempotencyKey} → {order} (the host)
 * Orders are in the create-order endpoint's shape (orders/rest.ts).
 */
export function groupBillsRest({ api }: { api: Router }): void {
  api.post('/group-bills', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const groupBill = await createGroupBill(consumerId, parseWith(inputs.createGroupBillInputSchema, bodyOf(ctx)));
    ctx.status = 201;
    ctx.body = { groupBill };
  });
  api.get('/group-bills/:code', async (ctx) => {
    const { code } = parseWith(inputs.groupCodeInputSchema, { code: ctx.params.code });
    const principal = principalOf(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { groupBill: await getGroupBill(code, principal?.kind === 'consumer' ? principal.consumerId : null) };
  });
  api.patch('/group-bills/:code', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    ctx.body = { groupBill: await updateGroupBill(consumerId, parseWith(inputs.updateGroupBillInputSchema, { ...bodyOf(ctx), code: ctx.params.code })) };
  });
  api.post('/group-bills/:code/shares/:shareId/order', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const order = await payShare(consumerId, parseWith(inputs.payShareInputSchema, withKey(ctx, { code: ctx.params.code, shareId: ctx.params.shareId })));
    ctx.body = { order: toRestOrder(order) };
  });
  api.post('/group-bills/:code/rest/order', async (ctx) => {
    const { consumerId } = consumerOf(ctx);
    const order = await payRest(consumerId, parseWith(inputs.payRestInputSchema, withKey(ctx, { code: ctx.params.code })));
    ctx.body = { order: toRestOrder(order) };
  });
}
