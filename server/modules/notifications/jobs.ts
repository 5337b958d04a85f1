import { defineJob } from '../../jobs/jobs.ts';
import {
  announceScheduledOffers,
  dailyDeal,
  expiringCouponReminders,
  newCouponAlert,
  offerStarted,
  paymentAlerts,
  paymentReceipts,
  refundMessage,
  groupExpiredMessages,
  settlementSummaries,
  weeklyDigest,
} from './producers.ts';
import { dispatchNotifications } from './service.ts';
import {
  couponSavedQueue,
  dispatchQueue,
  offersScheduledQueue,
  offerStartQueue,
  paymentAlertQueue,
  paymentCapturedQueue,
  refundQueue,
  groupExpiredQueue,
  type OfferMoment,
} from './queues.ts';

/**
 * The notifications module's queues (docs/notifications.md, "Jobs"). Producers write messages (once per
 * recipient, kind and subject); `notifications.dispatch` sends them. Every handler is safe to run twice.
 * Crons fire in Asia/Kolkata.
 */

export const dispatchJob = defineJob<{ ids: number[] }>({
  ...dispatchQueue,
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  batchSize: 4,
  async handler({ ids }) {
    await dispatchNotifications(ids);
  },
});

export const couponSavedJob = defineJob<{ couponId: number }>({
  ...couponSavedQueue,
  batchSize: 10,
  async handler({ couponId }) {
    await newCouponAlert(couponId);
  },
});

export const paymentCapturedJob = defineJob<{ orderId: number }>({
  ...paymentCapturedQueue,
  batchSize: 10,
  async handler({ orderId }) {
    await paymentReceipts(orderId);
  },
});

export const paymentAlertJob = defineJob<{ orderId: number }>({
  ...paymentAlertQueue,
  batchSize: 10,
  async handler({ orderId }) {
    await paymentAlerts(orderId);
  },
});

export const groupExpiredJob = defineJob<{ groupBillId: number }>({
  ...groupExpiredQueue,
  async handler({ groupBillId }) {
    await groupExpiredMessages(groupBillId);
  },
});

export const refundJob = defineJob<{ refundId: number }>({
  ...refundQueue,
  async handler({ refundId }) {
    await refundMessage(refundId);
  },
});

export const offersScheduledJob = defineJob<{ outletId: number; at: string }>({
  ...offersScheduledQueue,
  async handler({ outletId }) {
    await announceScheduledOffers(outletId);
  },
});

export const offerStartJob = defineJob<OfferMoment>({
  ...offerStartQueue,
  async handler(moment) {
    await offerStarted(moment);
  },
});

export const expiringCouponsJob = defineJob({
  name: 'notifications.expiring-coupons',
  cron: '*/5 * * * *',
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 4 * 60,
  async handler() {
    await expiringCouponReminders();
  },
});

export const weeklyDigestJob = defineJob({
  name: 'notifications.weekly-digest',
  cron: '0 9 * * 1',
  expireInSeconds: 60 * 60,
  async handler() {
    await weeklyDigest();
  },
});

export const dailyDealJob = defineJob({
  name: 'notifications.daily-deal',
  cron: '0 11 * * *',
  expireInSeconds: 60 * 60,
  async handler() {
    await dailyDeal();
  },
});

export const settlementSummaryJob = defineJob({
  name: 'notifications.settlement-summary',
  cron: '0 10 * * 1',
  expireInSeconds: 30 * 60,
  async handler() {
    await settlementSummaries();
  },
});

export const NOTIFICATION_JOBS = [
  dispatchJob,
  couponSavedJob,
  paymentCapturedJob,
  paymentAlertJob,
  refundJob,
  groupExpiredJob,
  offersScheduledJob,
  offerStartJob,
  expiringCouponsJob,
  weeklyDigestJob,
  dailyDealJob,
  settlementSummaryJob,
];
