import { defineModule } from '../manifest.ts';
import { discountsAdmin } from './admin.ts';

export const discountsModule = defineModule({
  name: 'discounts',
  admin: { declaration: discountsAdmin },
});
