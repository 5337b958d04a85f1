import { defineModule } from '../manifest.ts';
import { groupBillsRouter } from './router.ts';
import { groupBillsRest } from './rest.ts';
import { expireGroupBillsJob } from './jobs.ts';
import { markSharesPaid } from './service.ts';

/**
 * Group pay (docs/payments.md "Group pay"). Listed after payments and before settlements and the counter
 * (server/modules/index.ts): a share's capture marks it paid before the counter's event reads the
 * group's progress.
 */
export const groupBillsModule = defineModule({
  name: 'group-bills',
  router: { groupBills: groupBillsRouter },
  rest: groupBillsRest,
  jobs: [expireGroupBillsJob],
  on: { 'payment.captured': markSharesPaid },
});
