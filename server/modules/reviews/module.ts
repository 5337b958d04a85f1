import { defineModule } from '../manifest.ts';
import { reviewReportsAdmin, reviewsAdmin } from './admin.ts';
import { reviewsRouter } from './router.ts';
import { reviewsRest } from './rest.ts';
import { reviewHooks } from './service.ts';

/** Verified reviews (tRPC `reviews`, REST, the back office's moderation resources). */
export const reviewsModule = defineModule({
  name: 'reviews',
  router: { reviews: reviewsRouter },
  rest: reviewsRest,
  admin: { declaration: reviewsAdmin, hooks: reviewHooks },
});

/** The reports shoppers file, as their own read-only resource (shown on each review's page). */
export const reviewReportsModule = defineModule({
  name: 'review-reports',
  admin: { declaration: reviewReportsAdmin },
});
