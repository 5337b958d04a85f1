import { BaseModel } from './BaseModel.ts';
import { ConsumerSettings } from './ConsumerSettings.ts';
import { Coupon } from './Coupon.ts';
import { GoldenKeyLedgerEntry } from './GoldenKeyLedgerEntry.ts';
import { Order } from './Order.ts';
import { Referral } from './Referral.ts';
import { SearchHistoryEntry } from './SearchHistoryEntry.ts';
import { Session } from './Session.ts';

/** A shopper. Deleting one anonymises the row (deletedAt set, phoneNumber cleared); phoneHash stays. */
export class Consumer extends BaseModel {
  static override tableName = 'consumers';
  static override timestamps = true;
  static override hiddenFields = ['phoneHash'];

  declare id: number;
  declare phoneNumber: string | null;
  /** HMAC of the normalised phone; survives deletion so a deleted phone never earns a referral again. */
  declare phoneHash: string;
  declare name: string | null;
  declare email: string | null;
  declare address: string | null;
  declare profilePicKey: string | null;
  /** `^ME[A-Z0-9]{4,}$` */
  declare referralCode: string;
  declare referredById: number | null;
  declare isApp: boolean;
  declare deletedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare settings?: ConsumerSettings | null;
  declare referredBy?: Consumer | null;
  declare referral?: Referral | null;
  declare referralsMade?: Referral[];
  declare coupons?: Coupon[];
  declare orders?: Order[];
  declare goldenKeyEntries?: GoldenKeyLedgerEntry[];
  declare sessions?: Session[];
  declare searchHistory?: SearchHistoryEntry[];

  static override relationMappings = () => ({
    settings: {
      relation: BaseModel.HasOneRelation,
      modelClass: ConsumerSettings,
      join: { from: 'consumers.id', to: 'consumer_settings.consumerId' },
    },
    referredBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'consumers.referredById', to: 'consumers.id' },
    },
    /** The referral that brought this shopper in (as referee). */
    referral: {
      relation: BaseModel.HasOneRelation,
      modelClass: Referral,
      join: { from: 'consumers.id', to: 'referrals.refereeId' },
    },
    referralsMade: {
      relation: BaseModel.HasManyRelation,
      modelClass: Referral,
      join: { from: 'consumers.id', to: 'referrals.referrerId' },
    },
    coupons: {
      relation: BaseModel.HasManyRelation,
      modelClass: Coupon,
      join: { from: 'consumers.id', to: 'coupons.consumerId' },
    },
    orders: {
      relation: BaseModel.HasManyRelation,
      modelClass: Order,
      join: { from: 'consumers.id', to: 'orders.consumerId' },
    },
    goldenKeyEntries: {
      relation: BaseModel.HasManyRelation,
      modelClass: GoldenKeyLedgerEntry,
      join: { from: 'consumers.id', to: 'golden_key_ledger.consumerId' },
    },
    sessions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Session,
      join: { from: 'consumers.id', to: 'sessions.consumerId' },
    },
    searchHistory: {
      relation: BaseModel.HasManyRelation,
      modelClass: SearchHistoryEntry,
      join: { from: 'consumers.id', to: 'search_history.consumerId' },
    },
  });
}
