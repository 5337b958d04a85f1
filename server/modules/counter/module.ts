import { defineModule } from '../manifest.ts';
import { counterRouter } from './router.ts';
import { counterRest } from './rest.ts';
import { feedCapture, feedRefund } from './subscriptions.ts';

/** The counter: an outlet's payments live, the receipt check and owner refunds (docs/payments.md "The counter"). */
export const counterModule = defineModule({
  name: 'counter',
  router: { counter: counterRouter },
  rest: counterRest,
  on: { 'payment.captured': feedCapture, 'refund.changed': feedRefund },
});
