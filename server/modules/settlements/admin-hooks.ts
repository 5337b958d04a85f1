import type { ResourceHooks } from '../../admin/engine.ts';
import { recordPayout } from './statements.ts';

/**
 * The back office writes one thing on a statement: the platform's payout UTR, through the statements
 * service (its rules: nothing settled twice, only what the platform owes, only after the refund windows).
 */
export const settlementHooks: ResourceHooks = {
  patch: async (id, row, _before, { trx, actor }) => {
    await recordPayout(id, String(row.payoutUtr ?? ''), actor.salesStaffId, trx);
  },
};
