import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { single } from '../../db/rows.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { GroupBillRow, GroupBillShareRow } from '../../db/tables.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { loadPayableOutlet } from '../bills/service.ts';
import { getLiveOffer } from '../offers/service.ts';
import { splitGroupBill, type GroupBillMoney } from '../orders/money.ts';
import { createOrder } from '../orders/service.ts';
import { ORDER_TTL_MS, type CreatedOrder } from '../orders/schema.ts';
import { processRefunds, recordGroupRefund } from '../payments/refunds.ts';
import {
  GROUP_BILL_MESSAGES,
  GROUP_CODE_ALPHABET,
  GROUP_CODE_LENGTH,
  SPLIT_ERROR_MESSAGES,
  type createGroupBillInputSchema,
  type GroupBillQuote,
  type GroupBillView,
  type GroupShareView,
  type payRestInputSchema,
  type payShareInputSchema,
  type updateGroupBillInputSchema,
} from './schema.ts';

/**
 * Group bills (docs/payments.md "Group pay"). The one writer of `group_bills` and `group_bill_shares`.
 *
 *   create (host) ─► open ─► every share captured ─► paid
 *                     │
 *                     └─ expires_at passes with shares unpaid ─► expired: every paid share refunded
 *
 * The money is orders/money.ts `splitGroupBill` (the outlet's instant discount on the whole bill, the
 * shares add up to the discounted total, rounding to the host). A share is paid by an ordinary order
 * (`createOrder` with the share): the capture locks the group's row and refunds a payment of a share
 * that is already paid, or of a group that closed (payments/machine.ts `ShareCheck`); the
 * `payment.captured` subscriber (`markSharesPaid`) marks the shares paid in that same transaction.
 */

type SplitInput = { amount: number; people?: number | undefined; shares?: number[] | undefined };

const ttlMs = () => runtime().env.GROUP_BILL_TTL_MINUTES * 60_000;

function newCode(): string {
  let code = '';
  for (let i = 0; i < GROUP_CODE_LENGTH; i++) code += GROUP_CODE_ALPHABET[randomInt(GROUP_CODE_ALPHABET.length)];
  return code;
}

/** The split, or a 400 saying why it cannot be made. */
function splitOrThrow(input: SplitInput, instantDiscountPercent: number): GroupBillMoney {
  const split = splitGroupBill(
    input.shares ? { billPaise: input.amount, instantDiscountPercent, parts: input.shares } : { billPaise: input.amount, instantDiscountPercent, people: input.people ?? 0 },
  );
  if ('error' in split) {
    const message = SPLIT_ERROR_MESSAGES[split.error];
    throw badRequest(message, { [split.error === 'parts_do_not_add_up' ? 'shares' : 'people']: message });
  }
  return split;
}

/** The outlet and its live instant discount now (the offer that wins, as for a bill of one). */
async function offerFor(outletId: number, trx?: Knex.Transaction) {
  const outlet = await loadPayableOutlet(outletId, trx);
  const offer = await getLiveOffer(outlet.id, { now: runtime().now(), trx });
  return { outlet, percent: offer?.discountPercent ?? 0, source: offer?.source ?? null };
}

/** A preview of the split (`groupBills.quote`): nothing is stored. */
export async function quoteGroupBill(input: z.output<typeof createGroupBillInputSchema>): Promise<GroupBillQuote> {
  const { outlet, percent } = await offerFor(input.outletId);
  const split = splitOrThrow(input, percent);
  return {
    outletId: outlet.id,
    outletName: outlet.name,
    billPaise: split.billPaise,
    instantDiscountPercent: split.instantDiscountPercent,
    instantDiscountPaise: split.instantDiscountPaise,
    totalPaise: split.totalPaise,
    shares: split.shares.map((s, i) => ({ position: i + 1, ...s })),
  };
}

async function insertShares(trx: Knex.Transaction, groupBillId: number, split: GroupBillMoney): Promise<void> {
  await trx('groupBillShares').insert(split.shares.map((s, i) => ({ groupBillId, position: i + 1, ...s })));
}

/** The host starts a group bill at an outlet: 201 with its code and shares. */
export async function createGroupBill(consumerId: number, input: z.output<typeof createGroupBillInputSchema>): Promise<GroupBillView> {
  const { db, now } = runtime();
  const { outlet, percent, source } = await offerFor(input.outletId);
  const split = splitOrThrow(input, percent);
  const code = await db.transaction(async (trx) => {
    for (let attempt = 0; ; attempt++) {
      const candidate = newCode();
      const inserted = await trx('groupBills')
        .insert({
          code: candidate,
          outletId: outlet.id,
          hostConsumerId: consumerId,
          billPaise: split.billPaise,
          instantDiscountPercent: split.instantDiscountPercent,
          instantDiscountPaise: split.instantDiscountPaise,
          offerSource: split.instantDiscountPaise > 0 ? source : null,
          totalPaise: split.totalPaise,
          tableNumber: input.tableNumber ?? null,
          expiresAt: new Date(now().getTime() + ttlMs()),
        })
        .onConflict('code')
        .ignore()
        .returning('id');
      if (inserted[0]) {
        await insertShares(trx, single(inserted).id, split);
        return candidate;
      }
      if (attempt >= 8) throw new Error('could not find a free group bill code');
    }
  });
  runtime().logger.info({ code, outletId: outlet.id, shares: split.shares.length }, 'group bill started');
  return getGroupBill(code, consumerId);
}

async function groupByCode(code: string, trx?: Knex.Transaction, lock = false): Promise<GroupBillRow> {
  const q = (trx ?? runtime().db)('groupBills').where({ code });
  const row = await (lock ? q.forUpdate() : q).first();
  if (!row) throw notFound(GROUP_BILL_MESSAGES.notFound);
  return row;
}

const firstNameOf = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || null;

/**
 * The group bill as its page shows it; an open group past its expiry is closed first (its paid shares
 * refunded), so nobody reads a group that can no longer be paid as open. First names only for a signed-in
 * viewer.
 */
export async function getGroupBill(code: string, viewerId: number | null): Promise<GroupBillView> {
  const { db, now } = runtime();
  let group = await groupByCode(code);
  if (group.status === 'open' && group.expiresAt.getTime() <= now().getTime()) {
    await expireGroupBill(group.id);
    group = await groupByCode(code);
  }
  const [outlet, shares] = await Promise.all([
    db('outlets').where({ id: group.outletId }).first('name'),
    db('groupBillShares').where({ groupBillId: group.id }).orderBy('position'),
  ]);
  const at = now();
  const people = viewerId === null ? [] : [group.hostConsumerId, ...shares.flatMap((s) => [s.paidByConsumerId, s.holderConsumerId])].filter((id): id is number => id !== null);
  const names = new Map(
    people.length ? (await db('consumers').whereIn('id', [...new Set(people)]).select('id', 'name')).map((c) => [c.id, firstNameOf(c.name)] as const) : [],
  );
  const view = (s: GroupShareRow): GroupShareView => {
    const paying = s.paidOrderId === null && s.holderConsumerId !== null && s.heldUntil !== null && s.heldUntil.getTime() > at.getTime();
    const who = s.paidOrderId !== null ? s.paidByConsumerId : paying ? s.holderConsumerId : null;
    return {
      id: s.id,
      position: s.position,
      billPaise: s.billPaise,
      instantDiscountPaise: s.instantDiscountPaise,
      sharePaise: s.sharePaise,
      state: s.paidOrderId !== null ? 'paid' : paying ? 'paying' : 'open',
      mine: viewerId !== null && who === viewerId,
      payerName: who === null ? null : (names.get(who) ?? null),
    };
  };
  const paid = shares.filter((s) => s.paidOrderId !== null);
  const paidPaise = paid.reduce((a, s) => a + s.sharePaise, 0);
  return {
    code: group.code,
    path: `/group/${group.code}`,
    status: group.status,
    outletId: group.outletId,
    outletName: String(outlet?.name ?? ''),
    tableNumber: group.tableNumber,
    billPaise: group.billPaise,
    instantDiscountPercent: Number(group.instantDiscountPercent),
    instantDiscountPaise: group.instantDiscountPaise,
    totalPaise: group.totalPaise,
    paidPaise,
    leftPaise: group.totalPaise - paidPaise,
    paidCount: paid.length,
    shareCount: shares.length,
    expiresAt: group.expiresAt,
    hostName: viewerId === null ? null : (names.get(group.hostConsumerId) ?? null),
    isHost: viewerId === group.hostConsumerId,
    canEdit: viewerId === group.hostConsumerId && group.status === 'open' && paid.length === 0,
    version: group.version,
    shares: shares.map(view),
  };
}

type GroupShareRow = GroupBillShareRow;

/** The group, locked, still open and not past its expiry; else 409 (closed) or 410-like 409 (expired). */
async function openGroup(trx: Knex.Transaction, code: string): Promise<GroupBillRow> {
  const group = await groupByCode(code, trx, true);
  if (group.status === 'open' && group.expiresAt.getTime() <= runtime().now().getTime()) throw conflict(GROUP_BILL_MESSAGES.expired);
  if (group.status !== 'open') throw conflict(group.status === 'expired' ? GROUP_BILL_MESSAGES.expired : GROUP_BILL_MESSAGES.closed);
  return group;
}

/**
 * The host changes the bill or the shares, before anyone paid (409 after). The discount percent stays
 * the one the group started with. The shares are made anew: a payment already started for an old share
 * is refunded when it arrives (the share is gone, so the capture finds the group "closed" for it).
 */
export async function updateGroupBill(consumerId: number, input: z.output<typeof updateGroupBillInputSchema>): Promise<GroupBillView> {
  const { db } = runtime();
  await db.transaction(async (trx) => {
    const group = await openGroup(trx, input.code);
    if (group.hostConsumerId !== consumerId) throw forbidden(GROUP_BILL_MESSAGES.onlyHost);
    const paid = await trx('groupBillShares').where({ groupBillId: group.id }).whereNotNull('paidOrderId').first('id');
    if (paid) throw conflict(GROUP_BILL_MESSAGES.alreadyPaid);
    const split = splitOrThrow(input, Number(group.instantDiscountPercent));
    await trx('groupBillShares').where({ groupBillId: group.id }).delete();
    await insertShares(trx, group.id, split);
    await trx('groupBills')
      .where({ id: group.id })
      .update({
        billPaise: split.billPaise,
        instantDiscountPaise: split.instantDiscountPaise,
        totalPaise: split.totalPaise,
        version: group.version + 1,
        updatedAt: trx.fn.now(),
      });
  });
  return getGroupBill(input.code, consumerId);
}

/**
 * An order paying some of the group's shares (the shopper's own coupon applies to it only): the group
 * must be open and the shares unpaid now; the capture checks again under lock. The shares show the
 * payer as "paying" until the order expires, or not at all when no order could be made.
 */
async function orderShares(
  consumerId: number,
  input: { code: string; couponId?: number | null | undefined; idempotencyKey: string },
  pick: (group: GroupBillRow, shares: GroupShareRow[]) => GroupShareRow[],
): Promise<CreatedOrder> {
  const { db, now } = runtime();
  const { group, shares, heldUntil } = await db.transaction(async (trx) => {
    const g = await openGroup(trx, input.code);
    const chosen = pick(g, await trx('groupBillShares').where({ groupBillId: g.id }).orderBy('id'));
    const heldUntil = new Date(Math.min(now().getTime() + ORDER_TTL_MS, g.expiresAt.getTime()));
    await trx('groupBillShares')
      .whereIn(
        'id',
        chosen.map((s) => s.id),
      )
      .update({ holderConsumerId: consumerId, heldUntil });
    return { group: g, shares: chosen, heldUntil };
  });
  const sum = (f: (s: GroupShareRow) => number) => shares.reduce((a, s) => a + f(s), 0);
  try {
    return await createOrder(
      consumerId,
      { outletId: group.outletId, amount: sum((s) => s.billPaise), couponId: input.couponId, idempotencyKey: input.idempotencyKey, tableNumber: group.tableNumber },
      {
        groupBillId: group.id,
        shareIds: shares.map((s) => s.id),
        instantDiscountPaise: sum((s) => s.instantDiscountPaise),
        instantDiscountPercent: Number(group.instantDiscountPercent),
        offerSource: group.offerSource,
        expiresAt: group.expiresAt,
      },
    );
  } catch (error) {
    // No order (a coupon that does not hold, a limit): the friends must not see this payer "paying".
    // Each share gets back the mark it had before this attempt (an earlier order's, or none), unless
    // someone has marked or paid it since.
    for (const s of shares) {
      await db('groupBillShares')
        .where({ id: s.id, holderConsumerId: consumerId, heldUntil })
        .whereNull('paidOrderId')
        .update({ holderConsumerId: s.holderConsumerId, heldUntil: s.heldUntil });
    }
    throw error;
  }
}

/** A friend (or the host) pays one share: its order, to open the provider's checkout. */
export async function payShare(consumerId: number, input: z.output<typeof payShareInputSchema>): Promise<CreatedOrder> {
  return orderShares(consumerId, input, (_group, shares) => {
    const share = shares.find((s) => s.id === input.shareId);
    if (!share) throw notFound(GROUP_BILL_MESSAGES.shareNotFound);
    if (share.paidOrderId !== null) throw conflict(GROUP_BILL_MESSAGES.sharePaid);
    return [share];
  });
}

/** The host pays every share still unpaid, in one order. */
export async function payRest(consumerId: number, input: z.output<typeof payRestInputSchema>): Promise<CreatedOrder> {
  return orderShares(consumerId, input, (group, shares) => {
    if (group.hostConsumerId !== consumerId) throw forbidden(GROUP_BILL_MESSAGES.onlyHost);
    const unpaid = shares.filter((s) => s.paidOrderId === null);
    if (!unpaid.length) throw conflict(GROUP_BILL_MESSAGES.nothingLeft);
    return unpaid;
  });
}

/**
 * `payment.captured` (group-bills manifest): the shares the order paid are marked paid, in the capture's
 * transaction (which checked them open under the group's lock); the last share makes the group paid.
 */
export async function markSharesPaid(trx: Knex.Transaction, e: DomainEventMap['payment.captured']): Promise<void> {
  if (e.groupBillId === null) return;
  const order = single(await trx('orders').where({ id: e.orderId }).select('groupShareIds', 'consumerId'));
  await trx('groupBillShares')
    .where({ groupBillId: e.groupBillId })
    .whereIn('id', order.groupShareIds ?? [])
    .update({ paidOrderId: e.orderId, paidByConsumerId: order.consumerId, paidAt: e.at, holderConsumerId: null, heldUntil: null });
  const left = await trx('groupBillShares').where({ groupBillId: e.groupBillId }).whereNull('paidOrderId').first('id');
  if (!left) {
    await trx('groupBills').where({ id: e.groupBillId, status: 'open' }).update({ status: 'paid', paidAt: e.at, closedAt: e.at, updatedAt: e.at });
    runtime().logger.info({ groupBillId: e.groupBillId }, 'group bill paid in full');
  }
}

/**
 * Closes an open group past its expiry: `expired`, and every paid share refunded in full (payments
 * `recordGroupRefund`, sent to the provider after the commit; the payers are told by the refund's
 * message, the host and anyone who started paying but did not by `group.expired`'s). Nothing is left
 * half-paid. Does nothing for a group that is paid, already closed or not due.
 * Returns the refunds recorded.
 */
export async function expireGroupBill(groupBillId: number): Promise<number[]> {
  const { db, now } = runtime();
  const refundIds = await db.transaction(async (trx) => {
    const at = now();
    const group = await trx('groupBills').where({ id: groupBillId }).forUpdate().first();
    if (!group || group.status !== 'open' || group.expiresAt.getTime() > at.getTime()) return [];
    await trx('groupBills').where({ id: group.id }).update({ status: 'expired', closedAt: at, updatedAt: at });
    const paidOrders = await trx('groupBillShares').where({ groupBillId: group.id }).whereNotNull('paidOrderId').distinct('paidOrderId').orderBy('paidOrderId');
    const ids: number[] = [];
    for (const { paidOrderId } of paidOrders) {
      const id = await recordGroupRefund(trx, paidOrderId!, GROUP_BILL_MESSAGES.refundReason);
      if (id !== null) ids.push(id);
    }
    await runtime().events.announce(trx, 'group.expired', { groupBillId: group.id, outletId: group.outletId, at });
    afterCommit(trx, () => runtime().logger.info({ code: group.code, refunds: ids.length }, 'group bill expired'));
    return ids;
  });
  if (refundIds.length) await processRefunds(refundIds);
  return refundIds;
}

/** The job: every open group past its expiry is closed (a few at a time, oldest first). */
export async function expireDueGroupBills(limit = 50): Promise<number> {
  const { db, now } = runtime();
  const due = await db('groupBills').where({ status: 'open' }).where('expiresAt', '<=', now()).orderBy('expiresAt').limit(limit).select('id');
  for (const { id } of due) await expireGroupBill(id);
  return due.length;
}
