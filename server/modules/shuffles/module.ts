import { defineModule } from '../manifest.ts';
import { shufflesRouter } from './router.ts';
import { shufflesRest } from './rest.ts';
import { giveBackOnFullRefund } from './service.ts';

export const shufflesModule = defineModule({
  name: 'shuffles',
  router: { shuffles: shufflesRouter },
  rest: shufflesRest,
  // A bill refunded in full gives back its coupon and the Golden Key spent on it.
  on: { 'refund.changed': giveBackOnFullRefund },
});
