import { defineJob } from '../../jobs/jobs.ts';
import { expireDueGroupBills } from './service.ts';

/** Group bills past their expiry with shares unpaid are closed and their paid shares refunded, every minute. */
export const expireGroupBillsJob = defineJob<object>({
  name: 'group-bills.expire',
  cron: '* * * * *',
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 5 * 60,
  async handler() {
    while ((await expireDueGroupBills(50)) === 50);
  },
});
