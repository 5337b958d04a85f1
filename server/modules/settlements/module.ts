import { defineModule } from '../manifest.ts';
import { settlementsAdmin } from './admin.ts';
import { settlementHooks } from './admin-hooks.ts';
import { applyRoute, reverseRefundShare } from './subscriptions.ts';
import { createStatementsJob, reconcileMoneyJob, reconcileSettlementsJob, releaseHoldsJob, reverseTransfersJob, sandboxCycleJob } from './jobs.ts';

/**
 * Money reaching the outlet (docs/payments.md, docs/business.md "Settlement"): Route transfers, their
 * holds and reversals, daily statements reconciled from the provider's webhooks (which arrive through
 * payments' webhook endpoint), and the back office's record of the platform's own payouts. The owner's
 * report is served by the dashboards module's procedures and paths (report.ts).
 */
export const settlementsModule = defineModule({
  name: 'settlements',
  admin: { declaration: settlementsAdmin, hooks: settlementHooks },
  on: { 'refund.changed': reverseRefundShare, 'route.notice': applyRoute },
  jobs: [createStatementsJob, releaseHoldsJob, reverseTransfersJob, reconcileSettlementsJob, reconcileMoneyJob, sandboxCycleJob],
});
