import { defineModule } from '../manifest.ts';
import { referralsRouter } from './router.ts';
import { referralsRest } from './rest.ts';

export const referralsModule = defineModule({
  name: 'referrals',
  router: { referrals: referralsRouter },
  rest: referralsRest,
});
