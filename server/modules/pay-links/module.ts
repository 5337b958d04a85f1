import { defineModule } from '../manifest.ts';
import { payLinksRouter } from './router.ts';
import { payLinksRest } from './rest.ts';

/** Pay links and the outlets' QR codes and standees (docs/payments.md "Pay links and QR codes"). `/p/{code}` itself is served from server/app.ts (page.ts). */
export const payLinksModule = defineModule({
  name: 'pay-links',
  router: { payLinks: payLinksRouter },
  rest: payLinksRest,
});
