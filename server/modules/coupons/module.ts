import { defineModule } from '../manifest.ts';
import { couponsRouter } from './router.ts';
import { couponsRest } from './rest.ts';

export const couponsModule = defineModule({
  name: 'coupons',
  router: { coupons: couponsRouter },
  rest: couponsRest,
});
