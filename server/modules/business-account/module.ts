import { defineModule } from '../manifest.ts';
import { businessAccountRouter } from './router.ts';
import { businessAccountRest } from './rest.ts';

export const businessAccountModule = defineModule({
  name: 'business-account',
  router: { businessAccount: businessAccountRouter },
  rest: businessAccountRest,
});
