import { defineJob } from '../../jobs/jobs.ts';
import { createStatements } from './statements.ts';
import { reconcilePendingSettlements, releaseDueTransfers } from './transfers.ts';
import { runSandboxCycle } from './sandbox-cycle.ts';
import { reconcileMoney } from './reconcile.ts';
import { runtime } from '../../lib/runtime.ts';
import { addDays, istMoment } from '../offers/rules.ts';
import { STATEMENT_LOOKBACK_DAYS } from './schema.ts';

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

/**
 * 01:30 IST (after the statements): the money reconciliation over the statements' span (reconcile.ts).
 * A difference is logged as an error and fails the run, which the `BachatMoneyDoesNotReconcile` alert
 * watches (docs/operations.md "Metrics").
 */
export const reconcileMoneyJob = defineJob<Record<string, never>>({
  name: 'settlements.reconcile-money',
  cron: '30 1 * * *',
  retry: { limit: 0, delaySeconds: 300 },
  expireInSeconds: 30 * 60,
  async handler() {
    const { db, env, now, logger } = runtime();
    const report = await reconcileMoney(db, env, { from: addDays(istMoment(now()).date, -STATEMENT_LOOKBACK_DAYS) });
    if (!report.ok) {
      logger.error({ differences: report.differences.slice(0, 50), captureProblems: report.captureProblems.slice(0, 50) }, 'money does not reconcile');
      throw new Error(`money does not reconcile: ${report.differences.length} outlet-days, ${report.captureProblems.length} orders`);
    }
    logger.info({ days: report.days, orders: report.orders }, 'money reconciles');
  },
});
