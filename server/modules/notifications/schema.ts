import { z } from 'zod';
import type { NotificationFlag } from '../users/schema.ts';

/**
 * Notifications (docs/notifications.md): what is sent, to whom, on which channels. Shared with the front
 * ends (zod and plain data only).
 */

export const NOTIFICATION_KINDS = [
  'new_coupon',
  'expiring_coupon',
  'weekly_digest',
  'daily_deal',
  'nearby_offer',
  'flash_sale',
  'payment_receipt',
  'refund',
  'payment_received',
  'settlement_summary',
  'payment_alert',
  'group_expired',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type Channel = 'email' | 'sms' | 'push';

export interface KindRule {
  /** Who gets it. */
  audience: 'consumer' | 'business';
  /** The shopper's setting that gates it (SPEC §3); owners' messages are transactional and ungated. */
  flag: NotificationFlag | null;
  /** Channels besides the in-app inbox (shoppers always get the inbox item too). */
  channels: readonly Channel[];
}

/** The issue's table, one row a kind, plus the owners' three messages. */
export const KIND_RULES: Record<NotificationKind, KindRule> = {
  new_coupon: { audience: 'consumer', flag: 'emailNewCouponAlerts', channels: ['email'] },
  expiring_coupon: { audience: 'consumer', flag: 'emailExpiringCoupons', channels: ['email'] },
  weekly_digest: { audience: 'consumer', flag: 'emailWeeklyDealsDigest', channels: ['email'] },
  daily_deal: { audience: 'consumer', flag: 'pushDailyDealNotifications', channels: ['push'] },
  nearby_offer: { audience: 'consumer', flag: 'pushNearbyOffers', channels: ['push'] },
  flash_sale: { audience: 'consumer', flag: 'pushLastMinuteFlashSales', channels: ['push'] },
  payment_receipt: { audience: 'consumer', flag: 'smsAlerts', channels: ['sms'] },
  refund: { audience: 'consumer', flag: 'smsAlerts', channels: ['sms'] },
  payment_received: { audience: 'business', flag: null, channels: ['sms'] },
  settlement_summary: { audience: 'business', flag: null, channels: ['email', 'sms'] },
  // Issue 30: "₹… received on Bachat" on the phones of every account that may use the outlet (owners'
  // pushes are their own payments: no quiet hours, no daily cap; the 10-browser cap applies).
  payment_alert: { audience: 'business', flag: null, channels: ['push'] },
  // Issue 32: a group bill closed before every share was paid, to the host and anyone who started
  // paying but did not pay (who paid is told by the refund's own message).
  group_expired: { audience: 'consumer', flag: 'smsAlerts', channels: ['sms'] },
};

/** Quiet hours for pushes, IST: from 22:00 to 08:00 nothing is pushed (held until 08:00 or dropped when stale). */
export const QUIET_HOURS = { startMinutes: 22 * 60, endMinutes: 8 * 60 } as const;

/** How far around an outlet its new offers and flash sales are pushed (km from the shopper's last location). */
export const NEARBY_RADIUS_KM = 5;

/** An offer scheduled to start within this many hours is a last-minute flash sale. */
export const FLASH_SALE_HOURS = 3;

/** A coupon expiring within this many minutes gets its reminder. */
export const EXPIRING_COUPON_MINUTES = 60;

/** Offers listed in the Monday digest. */
export const DIGEST_OFFERS = 5;

export const INBOX_PAGE_SIZE = 20;

export const NOTIFICATION_MESSAGES = {
  badUnsubscribeLink: 'This unsubscribe link is not valid. Change your alerts in Settings instead.',
  notFound: 'Notification not found',
  badSubscription: 'This browser gave an invalid push subscription.',
  notPushService:
    'Push notifications can only be sent through a browser push service (Chrome, Firefox, Safari or Edge); this subscription points elsewhere.',
  badToken: 'fcmToken is required',
  notFcmToken: 'This is not an FCM token: send the registration token Firebase Messaging gave the app.',
} as const;

/**
 * A shopper keeps at most this many browsers (web push) and, apart, this many app tokens: the newest
 * (docs/notifications.md). A business account (master or sub-account) keeps as many browsers.
 */
export const MAX_DEVICES_PER_KIND = 10;

// ---------------------------------------------------------------- inbox

export const inboxListInputSchema = z
  .object({
    /** Items older than this id (the previous page's last id); none for the first page. */
    cursor: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(INBOX_PAGE_SIZE),
  })
  .default({ limit: INBOX_PAGE_SIZE });
export type InboxListInput = z.output<typeof inboxListInputSchema>;

export interface InboxItem {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app path to open. */
  url: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface InboxPage {
  items: InboxItem[];
  unread: number;
  nextCursor: number | null;
}

export const markReadInputSchema = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- devices

const base64url = (max: number) => z.string().trim().min(1).max(max).regex(/^[A-Za-z0-9_-]+=*$/, 'must be URL-safe base64');

/** `PushSubscription.toJSON()` as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: NOTIFICATION_MESSAGES.badSubscription })
    .max(2048, NOTIFICATION_MESSAGES.badSubscription),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const unsubscribePushSchema = z.object({ endpoint: z.string().trim().min(1).max(2048) });

/** Whether this browser (its endpoint) gets the account's payment alerts: the counter's switch asks. */
export const pushDeviceInputSchema = z.object({ endpoint: z.string().trim().min(1).max(2048) });

/** The counter's "Payment alerts on this device" switch (owners' web push, issue 30). */
export interface OwnerPushDevice {
  subscribed: boolean;
  /** The account's browsers that get payment alerts (at most MAX_DEVICES_PER_KIND). */
  devices: number;
}

/**
 * An FCM registration token as the Firebase SDK gives it (about 150–250 characters today, e.g.
 * `cXk…:APA91b…`): 32 to 1,024 letters, digits and `_ - : .`. Anything else, shorter or longer, is "not an
 * FCM token"; no token at all is "fcmToken is required".
 */
export const FCM_TOKEN_LENGTH = { min: 32, max: 1024 } as const;
const fcmTokenSchema = z
  .string({ error: NOTIFICATION_MESSAGES.notFcmToken })
  .trim()
  .refine(
    (v) => v === '' || (v.length >= FCM_TOKEN_LENGTH.min && v.length <= FCM_TOKEN_LENGTH.max && /^[\w:.-]+$/.test(v)),
    NOTIFICATION_MESSAGES.notFcmToken,
  )
  .optional();

/** `POST /api/notification/fcm-token` (SPEC §7): the wrapper's FCM registration token. */
export const fcmTokenInputSchema = z
  .object({
    fcmToken: fcmTokenSchema,
    token: fcmTokenSchema,
    platform: z.enum(['android', 'ios']).default('android'),
  })
  .refine((v) => v.fcmToken || v.token, { message: NOTIFICATION_MESSAGES.badToken, path: ['fcmToken'] })
  .transform((v) => ({ token: (v.fcmToken || v.token)!, platform: v.platform }));
export type FcmTokenInput = z.output<typeof fcmTokenInputSchema>;

export const unsubscribeInputSchema = z.object({ token: z.string().trim().min(10).max(200) });

export interface UnsubscribeResult {
  flag: NotificationFlag;
  /** The setting's name as /settings shows it. */
  label: string;
}

/** The labels /settings and the unsubscribe page use for the seven flags. */
export const FLAG_LABELS: Record<NotificationFlag, string> = {
  emailNewCouponAlerts: 'New coupon alerts',
  emailExpiringCoupons: 'Expiring coupons',
  emailWeeklyDealsDigest: 'Weekly deals digest',
  pushDailyDealNotifications: 'Daily deal notifications',
  pushNearbyOffers: 'Nearby offers',
  pushLastMinuteFlashSales: 'Last-minute flash sales',
  smsAlerts: 'SMS alerts',
};
