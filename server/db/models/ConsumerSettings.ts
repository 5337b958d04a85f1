import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';

export const CONSUMER_SETTING_FLAGS = [
  'emailNewCouponAlerts',
  'emailExpiringCoupons',
  'emailWeeklyDealsDigest',
  'pushDailyDealNotifications',
  'pushNearbyOffers',
  'pushLastMinuteFlashSales',
  'smsAlerts',
] as const;
export type ConsumerSettingFlag = (typeof CONSUMER_SETTING_FLAGS)[number];

/** One shopper's notification settings (one row per shopper; the class names the whole row). */
export class ConsumerSettings extends BaseModel {
  static override tableName = 'consumer_settings';
  static override idColumn = 'consumerId';
  static override timestamps = true;
  static override virtualAttributes = ['enableAll'];

  declare consumerId: number;
  declare emailNewCouponAlerts: boolean;
  declare emailExpiringCoupons: boolean;
  declare emailWeeklyDealsDigest: boolean;
  declare pushDailyDealNotifications: boolean;
  declare pushNearbyOffers: boolean;
  declare pushLastMinuteFlashSales: boolean;
  declare smsAlerts: boolean;
  declare updatedAt: Date;

  declare consumer?: Consumer;

  /** ENABLE_ALL is derived, never stored: all seven flags on. */
  get enableAll(): boolean {
    return CONSUMER_SETTING_FLAGS.every((flag) => this[flag] === true);
  }

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'consumer_settings.consumerId', to: 'consumers.id' },
    },
  });
}
