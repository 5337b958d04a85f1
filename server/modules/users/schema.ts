import { z } from 'zod';
import { booleanStringSchema, emailSchema, nameSchema, type Language } from '../common/schema.ts';

/** The signed-in shopper as both transports describe it (tRPC camelCase; REST maps to USER_ID, NAME, …). */
export interface CurrentUser {
  id: number;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  profilePicUrl: string | null;
  /** Golden Key balance: the sum of the shopper's ledger rows. */
  goldKeys: number;
  referralCode: string;
  /** The shopper's language (docs/i18n.md): the app switches to it when they sign in on a new device. */
  language: Language;
}

export const updateProfileSchema = z.object({
  name: nameSchema,
  email: emailSchema,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The seven stored notification flags, in the order the settings page shows them. */
export const NOTIFICATION_FLAGS = [
  'emailNewCouponAlerts',
  'emailExpiringCoupons',
  'emailWeeklyDealsDigest',
  'pushDailyDealNotifications',
  'pushNearbyOffers',
  'pushLastMinuteFlashSales',
  'smsAlerts',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

/** Settings as tRPC returns them; `enableAll` is derived: true when all seven flags are. */
export type Settings = { enableAll: boolean } & Record<NotificationFlag, boolean>;

/**
 * A settings change. `enableAll`, when it differs from the current derived value, sets all seven flags
 * to it; otherwise each given flag is set alone (SPEC §4). REST sends "true"/"false", tRPC booleans.
 */
export const updateSettingsSchema = z.strictObject({
  enableAll: booleanStringSchema.optional(),
  emailNewCouponAlerts: booleanStringSchema.optional(),
  emailExpiringCoupons: booleanStringSchema.optional(),
  emailWeeklyDealsDigest: booleanStringSchema.optional(),
  pushDailyDealNotifications: booleanStringSchema.optional(),
  pushNearbyOffers: booleanStringSchema.optional(),
  pushLastMinuteFlashSales: booleanStringSchema.optional(),
  smsAlerts: booleanStringSchema.optional(),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** The REST names of the settings (SPEC §3), upper snake case. */
export const SETTINGS_REST_KEYS = {
  enableAll: 'ENABLE_ALL',
  emailNewCouponAlerts: 'EMAIL_NEW_COUPON_ALERTS',
  emailExpiringCoupons: 'EMAIL_EXPIRING_COUPONS',
  emailWeeklyDealsDigest: 'EMAIL_WEEKLY_DEALS_DIGEST',
  pushDailyDealNotifications: 'PUSH_DAILY_DEAL_NOTIFICATIONS',
  pushNearbyOffers: 'PUSH_NEARBY_OFFERS',
  pushLastMinuteFlashSales: 'PUSH_LAST_MINUTE_FLASH_SALES',
  smsAlerts: 'SMS_ALERTS',
} as const satisfies Record<keyof Settings, string>;

/** Largest profile picture accepted, in bytes (docs/auth.md). */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const PROFILE_MESSAGES = {
  failed: 'Failed to update profile',
  deleted: 'Your account has been deleted.',
} as const;

/** The documented wire shape of a shopper (`userDetails`, SPEC §3). */
export function toUserDetails(user: CurrentUser) {
  return {
    USER_ID: user.id,
    NAME: user.name,
    EMAIL: user.email,
    PHONE_NUMBER: user.phoneNumber,
    PROFILE_PIC_URL: user.profilePicUrl,
    GOLD_KEYS: user.goldKeys,
    REFERRAL_CODE: user.referralCode,
    LANGUAGE: user.language,
  };
}
