import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';
import { Coupon } from './Coupon.ts';
import { Referral } from './Referral.ts';

export type GoldenKeyReason = 'referral_bonus' | 'referral_welcome' | 'shuffle_purchase' | 'adjustment';

/**
 * One movement of a shopper's Golden Keys. The table is append-only (a trigger refuses UPDATE
 * and DELETE): insert a correcting `adjustment` instead. Balance = sum(delta).
 */
export class GoldenKeyLedgerEntry extends BaseModel {
  static override tableName = 'golden_key_ledger';

  declare id: number;
  declare consumerId: number;
  /** Never 0: positive earns, negative spends. */
  declare delta: number;
  declare reason: GoldenKeyReason;
  declare referralId: number | null;
  declare couponId: number | null;
  declare note: string | null;
  declare createdAt: Date;

  declare consumer?: Consumer;
  declare referral?: Referral | null;
  declare coupon?: Coupon | null;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'golden_key_ledger.consumerId', to: 'consumers.id' },
    },
    referral: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Referral,
      join: { from: 'golden_key_ledger.referralId', to: 'referrals.id' },
    },
    coupon: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Coupon,
      join: { from: 'golden_key_ledger.couponId', to: 'coupons.id' },
    },
  });
}
