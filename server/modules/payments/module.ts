import { defineModule } from '../manifest.ts';
import { paymentsRouter } from './router.ts';
import { paymentsRest } from './rest.ts';
import { pruneOutletEventsJob, retryRefundsJob } from './jobs.ts';
import { countCapture, countRefund } from './daily-stats.ts';

export const paymentsModule = defineModule({
  name: 'payments',
  router: { payments: paymentsRouter },
  // The webhook (`paymentsWebhook`) reads raw bytes, so server/app.ts mounts it before the body parser.
  rest: paymentsRest,
  jobs: [retryRefundsJob, pruneOutletEventsJob],
  // The outlet's day in figures follows its own announcements (daily-stats.ts).
  on: { 'payment.captured': countCapture, 'refund.changed': countRefund },
});
