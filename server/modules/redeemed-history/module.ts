import { defineModule } from '../manifest.ts';
import { redeemedHistoryRouter } from './router.ts';
import { redeemedHistoryRest } from './rest.ts';

export const redeemedHistoryModule = defineModule({
  name: 'redeemed-history',
  router: { redeemedHistory: redeemedHistoryRouter },
  rest: redeemedHistoryRest,
});
