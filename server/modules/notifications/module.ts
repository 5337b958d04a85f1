import { defineModule } from '../manifest.ts';
import { notificationsRouter } from './router.ts';
import { notificationsRest } from './rest.ts';
import { NOTIFICATION_JOBS } from './jobs.ts';
import { groupExpired, notifyRefund, paymentAlert, paymentCaptured } from './service.ts';

export const notificationsModule = defineModule({
  name: 'notifications',
  router: { notifications: notificationsRouter },
  rest: notificationsRest,
  jobs: NOTIFICATION_JOBS,
  on: {
    // Queued with the commit: the shopper's receipt SMS and the owner's "payment received"; and the
    // payment alert pushed to every business account that may use the outlet (issue 30).
    'payment.captured': async (trx, e) => {
      await paymentCaptured(e.orderId, trx);
      await paymentAlert(e.orderId, trx);
    },
    // Every processed refund, an owner's or an automatic one: the shopper's refund message, once.
    'refund.changed': async (trx, e) => {
      if (e.status === 'processed') await notifyRefund(e.refundId, trx);
    },
    // A group bill closed unpaid: its host, and whoever started paying a share but did not, are told.
    'group.expired': async (trx, e) => {
      await groupExpired(e.groupBillId, trx);
    },
  },
});
