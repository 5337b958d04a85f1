import { defineModule } from '../manifest.ts';
import { dayDiscountsRest } from './rest.ts';
import { dayDiscountsAdmin } from './admin.ts';

export const dayDiscountsModule = defineModule({
  name: 'day-discounts',
  rest: dayDiscountsRest,
  admin: { declaration: dayDiscountsAdmin },
});
