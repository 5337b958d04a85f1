import type { Knex } from 'knex';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { recordOutletEvent } from '../payments/events.ts';
import { isBookedRefund } from '../payments/schema.ts';

/**
 * The counter's live feed follows the payments module's announcements (counter manifest): a captured
 * bill and every change of an owner refund (recorded, processed, failed) become the outlet's next
 * event (payments/events.ts), announced on the realtime bus at the commit. Its subscriber runs after the
 * day's figures and Route's, so the outlet's counter lock is taken last in every transaction.
 */
export async function feedCapture(trx: Knex.Transaction, e: DomainEventMap['payment.captured']): Promise<void> {
  await recordOutletEvent(trx, { outletId: e.outletId, kind: 'payment', orderId: e.orderId });
}

export async function feedRefund(trx: Knex.Transaction, e: DomainEventMap['refund.changed']): Promise<void> {
  if (!isBookedRefund(e.kind)) return;
  await recordOutletEvent(trx, { outletId: e.outletId, kind: 'refund', orderId: e.orderId, refundId: e.refundId });
}
