import type { Knex } from 'knex';
import type { RefundKind, RefundStatus } from '../db/tables.ts';
import type { PaymentNotice } from '../providers/payments.ts';

/**
 * Domain events (docs/architecture.md "Domain events"): what the payments module announces, ONCE, inside
 * the transaction that makes it happen; the modules that care subscribe in their manifest (`on`), so
 * payments imports none of them. A subscriber runs in the same transaction, in the order of the module
 * list (server/modules/index.ts): it commits or rolls back with the event. Work for later goes through
 * a job enqueued in that transaction (`runtime().jobs.send(…, { trx })`) or `afterCommit`.
 */
export interface DomainEventMap {
  /** A payment was honoured: the order is paid, its ledger booked (payments `honour`). */
  'payment.captured': {
    orderId: number;
    outletId: number;
    consumerId: number;
    couponId: number | null;
    /** The group bill whose share(s) the order paid (group-bills marks them paid), null for a bill of one. */
    groupBillId: number | null;
    at: Date;
  };
  /** A refund was recorded (pending), processed or failed. */
  'refund.changed': {
    refundId: number;
    orderId: number;
    outletId: number;
    kind: RefundKind;
    status: RefundStatus;
    /** For a processed refund: the bill is now refunded in full (its refunds add up to what was paid). */
    full: boolean;
    at: Date;
  };
  /**
   * A verified, recorded Razorpay Route webhook (a transfer's progress, a settlement, a linked account's
   * state), which reaches the app through payments' webhook endpoint. Its subscriber (settlements) puts
   * what it did in `reply.outcome` (the webhook's answer) and may leave work for after the commit in
   * `reply.afterCommit`, which payments awaits once the transaction has committed.
   */
  'route.notice': { notice: PaymentNotice; at: Date; reply: { outcome?: unknown; afterCommit?: () => Promise<void> } };
  /**
   * A group bill's time ran out before every share was paid (group-bills `expireGroupBill`): it is
   * closed, and its paid shares' refunds are recorded in the same transaction.
   */
  'group.expired': { groupBillId: number; outletId: number; at: Date };
  /** An open order passed its expiry and was stored as expired (the next event for it). */
  'order.expired': { orderId: number; outletId: number; couponId: number | null; at: Date };
}

export type DomainEventName = keyof DomainEventMap;

export type DomainEventHandler<K extends DomainEventName> = (trx: Knex.Transaction, event: DomainEventMap[K]) => Promise<void>;

/** What a module's manifest subscribes to. */
export type DomainEventSubscriptions = { readonly [K in DomainEventName]?: DomainEventHandler<K> };

export interface DomainEvents {
  /** Runs every subscriber of `name`, in module order, inside `trx`. */
  announce<K extends DomainEventName>(trx: Knex.Transaction, name: K, event: DomainEventMap[K]): Promise<void>;
  /** Which modules listen to `name`, in order (tests, docs). */
  subscribers(name: DomainEventName): string[];
}

export function createDomainEvents(modules: readonly { name: string; on?: DomainEventSubscriptions }[]): DomainEvents {
  return {
    async announce(trx, name, event) {
      for (const m of modules) {
        const handler = m.on?.[name] as DomainEventHandler<typeof name> | undefined;
        if (handler) await handler(trx, event);
      }
    },
    subscribers(name) {
      return modules.filter((m) => m.on?.[name]).map((m) => m.name);
    },
  };
}
