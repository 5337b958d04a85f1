import { defineModule } from '../manifest.ts';
import { businessAuthRouter } from './router.ts';
import { businessAuthRest } from './rest.ts';

export const businessAuthModule = defineModule({
  name: 'business-auth',
  router: { businessAuth: businessAuthRouter },
  rest: businessAuthRest,
});
