import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';
import { Coupon } from './Coupon.ts';
import { LedgerEntry } from './LedgerEntry.ts';
import { Outlet } from './Outlet.ts';
import { Payment } from './Payment.ts';
import { Redemption } from './Redemption.ts';
import { Refund } from './Refund.ts';

export type OrderStatus = 'created' | 'paid' | 'failed' | 'expired' | 'cancelled';
export type PaymentProvider = 'sandbox' | 'razorpay';

/**
 * A bill payment. The database enforces
 * amountPaise = billPaise - instantDiscountPaise - shuffleDiscountPaise + convenienceFeePaise + gstPaise.
 */
export class Order extends BaseModel {
  static override tableName = 'orders';
  static override timestamps = true;

  declare id: number;
  /** uuid shown to clients instead of the id. */
  declare publicId: string;
  declare consumerId: number;
  declare outletId: number;
  declare couponId: number | null;
  declare idempotencyKey: string;
  declare status: OrderStatus;
  declare provider: PaymentProvider;
  declare providerOrderId: string | null;
  declare billPaise: number;
  declare instantDiscountPercent: number;
  declare instantDiscountPaise: number;
  declare shuffleDiscountPercent: number;
  declare shuffleDiscountPaise: number;
  declare convenienceFeePaise: number;
  declare gstPaise: number;
  declare amountPaise: number;
  /** Which offer won. */
  declare offerSource: string | null;
  declare receiptCode: string | null;
  declare verificationCode: string | null;
  declare paidAt: Date | null;
  /** Until when the order can be paid (15 minutes after creation; docs/payments.md). */
  declare expiresAt: Date;
  /** Why a failed or expired order is so: declined, coupon_used, coupon_expired, order_expired. */
  declare failureCode: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare consumer?: Consumer;
  declare outlet?: Outlet;
  declare coupon?: Coupon | null;
  declare payments?: Payment[];
  declare redemption?: Redemption | null;
  declare ledgerEntries?: LedgerEntry[];
  declare refunds?: Refund[];

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'orders.consumerId', to: 'consumers.id' },
    },
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'orders.outletId', to: 'outlets.id' },
    },
    coupon: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Coupon,
      join: { from: 'orders.couponId', to: 'coupons.id' },
    },
    payments: {
      relation: BaseModel.HasManyRelation,
      modelClass: Payment,
      join: { from: 'orders.id', to: 'payments.orderId' },
    },
    redemption: {
      relation: BaseModel.HasOneRelation,
      modelClass: Redemption,
      join: { from: 'orders.id', to: 'redemptions.orderId' },
    },
    ledgerEntries: {
      relation: BaseModel.HasManyRelation,
      modelClass: LedgerEntry,
      join: { from: 'orders.id', to: 'ledger_entries.orderId' },
    },
    refunds: {
      relation: BaseModel.HasManyRelation,
      modelClass: Refund,
      join: { from: 'orders.id', to: 'refunds.orderId' },
    },
  });
}
