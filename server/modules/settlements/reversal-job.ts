import { defineJob } from '../../jobs/jobs.ts';
import { sendPendingReversals } from './transfers.ts';

/**
 * Sends the reversals refunds recorded (transfers.ts): every minute, at start, and right after a refund
 * is processed. Safe to run twice: a reversal is sent once per row, a retry first looks for its note.
 */
export const reverseTransfersJob = defineJob<Record<string, never>>({
  name: 'settlements.reverse-transfers',
  cron: '* * * * *',
  atStart: {},
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 5 * 60,
  async handler() {
    while ((await sendPendingReversals(20)) === 20);
  },
});
