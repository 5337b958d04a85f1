import { defineModule } from '../manifest.ts';
import { promotionsRouter } from './router.ts';
import { promotionsRest } from './rest.ts';

export const promotionsModule = defineModule({
  name: 'promotions',
  router: { promotions: promotionsRouter },
  rest: promotionsRest,
});
