import { defineModule } from '../manifest.ts';
import { billsRouter } from './router.ts';
import { billsRest } from './rest.ts';

export const billsModule = defineModule({
  name: 'bills',
  router: { bills: billsRouter },
  rest: billsRest,
});
