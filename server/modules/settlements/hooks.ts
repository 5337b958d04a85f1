import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import { recordReversal } from './transfers.ts';
import { reverseTransfersJob } from './reversal-job.ts';

/**
 * The one call payments makes when a refund becomes processed (payments/refunds.ts): the outlet's share
 * of it is taken back from the order's Route transfer (a reversal, sent by `settlements.reverse-transfers`)
 * and the order's statement is refreshed. Inside the caller's transaction when it has one; the job is
 * enqueued in it too, so it exists only if the refund's new state commits.
 */
export async function refundProcessed(refundId: number, trx?: Knex.Transaction): Promise<void> {
  const { db, now, jobs } = runtime();
  const run = async (t: Knex.Transaction) => {
    const reversalId = await recordReversal(t, refundId, now());
    if (reversalId !== null) await jobs.send(reverseTransfersJob, {}, { trx: t, singletonKey: 'kick', singletonSeconds: 1 });
  };
  await (trx ? run(trx) : db.transaction(run));
}
