import { defineModule } from '../manifest.ts';
import { paymentsRouter } from './router.ts';
import { paymentsRest } from './rest.ts';
import { pruneOutletEventsJob, retryRefundsJob } from './jobs.ts';

export const paymentsModule = defineModule({
  name: 'payments',
  router: { payments: paymentsRouter },
  // The webhook (`paymentsWebhook`) reads raw bytes, so server/app.ts mounts it before the body parser.
  rest: paymentsRest,
  jobs: [retryRefundsJob, pruneOutletEventsJob],
});
