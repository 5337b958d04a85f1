import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import { recordReversal } from './transfers.ts';
import { reverseTransfersJob } from './reversal-job.ts';

/**
 * The one call payments makes when a refund becomes processed (payments/refunds.ts): the outlet's share
 * of it is taken back from the order's Route transfer (a reversal, sent by `settlements.reverse-transfers`)
 * and the order's statement is refreshed. Inside the caller's transaction when it has one (the refund
 * webhook); the job's every-minute run then sends the reversal. Without one, the reversal is recorded in
 * its own transaction and the job is woken right after it commits.
 */
export async function refundProcessed(refundId: number, trx?: Knex.Transaction): Promise<void> {
  const { db, now, jobs } = runtime();
  if (trx) {
    await recordReversal(trx, refundId, now());
    return;
  }
  const reversalId = await db.transaction((t) => recordReversal(t, refundId, now()));
  if (reversalId !== null) await jobs.send(reverseTransfersJob, {}, { singletonKey: 'kick', singletonSeconds: 1 });
}

/** Sends the reversals recorded by refunds that just committed now, not at the job's next minute. */
export async function wakeTransferReversals(): Promise<void> {
  await runtime().jobs.send(reverseTransfersJob, {}, { singletonKey: 'kick', singletonSeconds: 1 });
}
