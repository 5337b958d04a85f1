import { defineQueue } from '../../jobs/jobs.ts';

/**
 * The notifications module's queues by name, for the code that enqueues work (service.ts, producers.ts);
 * jobs.ts gives each its handler. Apart, so the services and the job handlers do not import each other.
 */

/** A timed offer's start, announced to shoppers nearby (producers.ts `offerStarted`). */
export interface OfferMoment {
  outletId: number;
  date: string;
  startsAt: string;
  endsAt: string;
  percent: number;
  title: string;
}

export const dispatchQueue = defineQueue<{ ids: number[] }>('notifications.dispatch');
export const couponSavedQueue = defineQueue<{ couponId: number }>('notifications.coupon-saved');
export const paymentCapturedQueue = defineQueue<{ orderId: number }>('notifications.payment-captured');
/** Owners' payment alerts (issue 30): a web push to every business account that may use the order's outlet. */
export const paymentAlertQueue = defineQueue<{ orderId: number }>('notifications.payment-alert');
export const refundQueue = defineQueue<{ refundId: number }>('notifications.refund');
export const groupExpiredQueue = defineQueue<{ groupBillId: number }>('notifications.group-expired');
export const offersScheduledQueue = defineQueue<{ outletId: number; at: string }>('notifications.offers-scheduled');
export const offerStartQueue = defineQueue<OfferMoment>('notifications.offer-start');
