import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CounterPage, CounterPayment, CounterRefund } from '@server/modules/counter/schema';
import type { CounterGroupProgress, CounterPaymentStatus } from '@server/modules/payments/schema';
import { totalPagesFor } from './paging';

/**
 * The payments screen's logic, pure (docs/payments.md "The counter"): stream events into the cached
 * page, which rows may be refunded and why not, and the owner's refund amount as typed. The server
 * decides every amount; the client only reads rupees the owner typed into paise for the request.
 */

/** A bill's state at the counter (`i18n._` them). */
export const STATUS_LABELS: Record<CounterPaymentStatus, MessageDescriptor> = {
  paid: msg({ message: 'Paid', comment: 'A bill paid at the outlet (the payments screen)' }),
  partly_refunded: msg`Partly refunded`,
  refunded: msg({ message: 'Refunded', comment: 'A bill refunded in full (the payments screen)' }),
};

/** A `payment`/`refund` event's JSON (dates as ISO strings) as the page's rows (dates as Dates). */
export function paymentFromWire(json: string): CounterPayment | null {
  try {
    const raw = JSON.parse(json) as Omit<CounterPayment, 'paidAt' | 'refundableUntil' | 'refunds'> & {
      paidAt: string;
      refundableUntil: string;
      refunds: (Omit<CounterRefund, 'createdAt' | 'processedAt'> & { createdAt: string; processedAt: string | null })[];
    };
    if (typeof raw.orderId !== 'string' || typeof raw.amountPaise !== 'number') return null;
    return {
      ...raw,
      paidAt: new Date(raw.paidAt),
      refundableUntil: new Date(raw.refundableUntil),
      refunds: raw.refunds.map((f) => ({ ...f, createdAt: new Date(f.createdAt), processedAt: f.processedAt ? new Date(f.processedAt) : null })),
    };
  } catch {
    return null;
  }
}

export interface MergeResult {
  page: CounterPage;
  /** The event brought a bill this page did not hold (a new payment): highlight it, play the chime. */
  added: boolean;
}

/**
 * One stream event into a cached page: a bill already on the page is replaced by its new state; a new
 * one goes on top of the FIRST page (newest first), which keeps its 20 rows, and the total grows. Other
 * pages only update the rows they hold (their new first row arrives on the next read).
 */
export function mergeCounterEvent(page: CounterPage, payment: CounterPayment, eventId: number): MergeResult {
  const lastEventId = Math.max(page.lastEventId, eventId);
  const at = page.data.findIndex((p) => p.orderId === payment.orderId);
  if (at >= 0) {
    const data = page.data.slice();
    data[at] = payment;
    return { page: { ...page, data, lastEventId }, added: false };
  }
  if (page.offSet !== 1) return { page: { ...page, lastEventId }, added: false };
  const total = page.total + 1;
  const data = [payment, ...page.data].sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime()).slice(0, page.limit);
  return { page: { ...page, data, total, totalPages: totalPagesFor(total, page.limit), lastEventId }, added: true };
}

/** Why a bill cannot be refunded now (shown next to the disabled button), or null when it can. */
export function refundBlockedReason(payment: CounterPayment, canRefund: boolean, nowMs: number): string | null {
  if (!canRefund) return t`Only the master account, or staff it allows, can refund`;
  if (payment.refundablePaise <= 0) return t`Refunded in full`;
  if (nowMs > payment.refundableUntil.getTime()) return t`Refund window closed (24 h after payment)`;
  return null;
}

/**
 * The refund amount the owner typed, in rupees ('455.31', '₹ 1,000', '500'), as paise; null when it is
 * not an amount (more than two decimals, letters, nothing).
 */
export function rupeesToPaise(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '');
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A fresh idempotency key for one refund the owner is about to ask for (kept while the dialog is open). */
export function newRefundKey(): string {
  return `rf-${crypto.randomUUID()}`;
}

/**
 * Each group bill's progress on the page as its NEWEST payment left it (a row carries the group as that
 * payment left it, so an older share's row would say "1 of 4 paid" after the third was paid).
 */
export function latestGroupProgress(rows: readonly Pick<CounterPayment, 'paidAt' | 'group'>[]): Map<string, CounterGroupProgress> {
  const latest = new Map<string, { at: number; group: CounterGroupProgress }>();
  for (const row of rows) {
    if (!row.group) continue;
    const at = row.paidAt.getTime();
    const known = latest.get(row.group.code);
    if (!known || newer(row.group, at, known.group, known.at)) latest.set(row.group.code, { at, group: row.group });
  }
  return new Map([...latest].map(([code, { group }]) => [code, group]));
}

function newer(group: CounterGroupProgress, at: number, known: CounterGroupProgress, knownAt: number): boolean {
  const closed = Number(group.status !== 'open') - Number(known.status !== 'open');
  if (closed !== 0) return closed > 0;
  if (at !== knownAt) return at > knownAt;
  return group.paidCount > known.paidCount;
}
