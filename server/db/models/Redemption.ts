import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';
import { Coupon } from './Coupon.ts';
import { Order } from './Order.ts';
import { Outlet } from './Outlet.ts';

/** One per order; a coupon is redeemed at most once. */
export class Redemption extends BaseModel {
  static override tableName = 'redemptions';

  declare id: number;
  declare couponId: number | null;
  declare orderId: number;
  declare consumerId: number;
  declare outletId: number;
  declare redeemedAt: Date;

  declare coupon?: Coupon | null;
  declare order?: Order;
  declare consumer?: Consumer;
  declare outlet?: Outlet;

  static override relationMappings = () => ({
    coupon: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Coupon,
      join: { from: 'redemptions.couponId', to: 'coupons.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'redemptions.orderId', to: 'orders.id' },
    },
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'redemptions.consumerId', to: 'consumers.id' },
    },
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'redemptions.outletId', to: 'outlets.id' },
    },
  });
}
