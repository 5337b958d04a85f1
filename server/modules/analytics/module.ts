import { defineModule } from '../manifest.ts';
import { analyticsRouter } from './router.ts';
import { analyticsRest } from './rest.ts';

export const analyticsModule = defineModule({
  name: 'analytics',
  router: { analytics: analyticsRouter },
  rest: analyticsRest,
});
