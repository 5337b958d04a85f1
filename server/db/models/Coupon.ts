import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';
import { Order } from './Order.ts';
import { Outlet } from './Outlet.ts';
import { Redemption } from './Redemption.ts';

export type CouponSource = 'shuffle';

/**
 * A shuffle result. One free shuffle per shopper per outlet per IST day:
 * unique (consumer_id, outlet_id, issued_on) WHERE NOT used_golden_key (`coupons_free_shuffle_unique`).
 */
export class Coupon extends BaseModel {
  static override tableName = 'coupons';

  declare id: number;
  declare code: string;
  declare consumerId: number;
  declare outletId: number;
  declare discountPercent: number;
  declare source: CouponSource;
  declare isLive: boolean;
  /** 'YYYY-MM-DD', IST calendar day. */
  declare issuedOn: string;
  declare usedGoldenKey: boolean;
  declare validUntil: Date;
  declare redeemedAt: Date | null;
  declare createdAt: Date;

  declare consumer?: Consumer;
  declare outlet?: Outlet;
  declare orders?: Order[];
  declare redemption?: Redemption | null;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'coupons.consumerId', to: 'consumers.id' },
    },
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'coupons.outletId', to: 'outlets.id' },
    },
    orders: {
      relation: BaseModel.HasManyRelation,
      modelClass: Order,
      join: { from: 'coupons.id', to: 'orders.couponId' },
    },
    redemption: {
      relation: BaseModel.HasOneRelation,
      modelClass: Redemption,
      join: { from: 'coupons.id', to: 'redemptions.couponId' },
    },
  });
}
