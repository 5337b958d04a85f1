import type { Knex } from 'knex';
import { afterCommit } from '../../db/after-commit.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import { runtime } from '../../lib/runtime.ts';
import { reverseTransfersJob } from './reversal-job.ts';
import { applyRouteNotice, reconcileSettlement, recordReversal } from './transfers.ts';

/**
 * `refund.changed` (processed), from the settlements manifest: the outlet's share of the refund is taken
 * back from the order's Route transfer (a `transfer_reversals` row, in the refund's transaction) and the
 * order's statement refreshed; right after the commit the job `settlements.reverse-transfers` is woken
 * to send it, not at its next minute.
 */
export async function reverseRefundShare(trx: Knex.Transaction, e: DomainEventMap['refund.changed']): Promise<void> {
  if (e.status !== 'processed') return;
  const reversalId = await recordReversal(trx, e.refundId, e.at);
  if (reversalId === null) return;
  const { jobs, logger } = runtime();
  afterCommit(trx, () => {
    jobs.send(reverseTransfersJob, {}, { singletonKey: 'kick', singletonSeconds: 1 }).catch((error: unknown) => logger.warn({ err: error }, 'could not wake the reversal job; it runs every minute'));
  });
}

/**
 * `route.notice` (settlements manifest): a Route webhook payments verified and recorded. Applied in its
 * transaction; a new settlement's transfers are looked up right after the commit.
 */
export async function applyRoute(trx: Knex.Transaction, e: DomainEventMap['route.notice']): Promise<void> {
  const outcome = await applyRouteNotice(trx, e.notice, e.at);
  e.reply.outcome = outcome;
  if (outcome.kind === 'settlement' && outcome.fresh) {
    const id = outcome.providerSettlementId;
    e.reply.afterCommit = async () => {
      await reconcileSettlement(id);
    };
  }
}
