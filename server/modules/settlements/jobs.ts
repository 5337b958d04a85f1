import { defineJob } from '../../jobs/jobs.ts';
import { createStatements } from './statements.ts';
import { reconcilePendingSettlements, releaseDueTransfers } from './transfers.ts';
import { runSandboxCycle } from './sandbox-cycle.ts';

export { reverseTransfersJob } from './reversal-job.ts';

/**
 * The settlement jobs (docs/operations.md, "Jobs"). Each is safe to run twice or on two workers: the
 * statements have a unique key and are recomputed, transfers only move up, provider calls are repeatable.
 */

/** 00:30 IST: yesterday's statements (and any missed day), and every open statement refreshed. */
export const createStatementsJob = defineJob<Record<string, never>>({
  name: 'settlements.create-statements',
  cron: '30 0 * * *',
  atStart: {},
  retry: { limit: 3, delaySeconds: 300 },
  expireInSeconds: 30 * 60,
  async handler() {
    await createStatements();
  },
});

/** Every 5 minutes: lift the hold of transfers whose refund window has ended. */
export const releaseHoldsJob = defineJob<Record<string, never>>({
  name: 'settlements.release-holds',
  cron: '*/5 * * * *',
  atStart: {},
  retry: { limit: 0, delaySeconds: 300 },
  expireInSeconds: 10 * 60,
  async handler() {
    while ((await releaseDueTransfers(50)) === 50);
  },
});

/** Every 5 minutes: settlements the provider reported whose transfers are not marked settled yet. */
export const reconcileSettlementsJob = defineJob<Record<string, never>>({
  name: 'settlements.reconcile',
  cron: '*/5 * * * *',
  atStart: {},
  retry: { limit: 0, delaySeconds: 300 },
  expireInSeconds: 10 * 60,
  async handler() {
    await reconcilePendingSettlements(50);
  },
});

/** Every minute, sandbox only: the provider's side of Route, simulated (sandbox-cycle.ts). */
export const sandboxCycleJob = defineJob<Record<string, never>>({
  name: 'settlements.sandbox-cycle',
  cron: '* * * * *',
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 5 * 60,
  async handler() {
    await runSandboxCycle();
  },
});
