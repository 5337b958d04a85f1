import { defineModule } from '../manifest.ts';
import { shufflesRouter } from './router.ts';
import { shufflesRest } from './rest.ts';

export const shufflesModule = defineModule({
  name: 'shuffles',
  router: { shuffles: shufflesRouter },
  rest: shufflesRest,
});
