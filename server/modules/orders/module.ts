import { defineModule } from '../manifest.ts';
import { ordersRouter } from './router.ts';
import { ordersRest } from './rest.ts';

export const ordersModule = defineModule({
  name: 'orders',
  router: { orders: ordersRouter },
  rest: ordersRest,
});
