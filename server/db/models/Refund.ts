import { BaseModel } from './BaseModel.ts';
import { Order, type PaymentProvider } from './Order.ts';
import { Payment } from './Payment.ts';

export type RefundKind = 'auto_unhonoured' | 'owner';
export type RefundStatus = 'pending' | 'processed' | 'failed';

/**
 * Money returned through the payment provider (docs/payments.md, "Refunds"). A trigger keeps the
 * refunds of a payment within what it captured.
 */
export class Refund extends BaseModel {
  static override tableName = 'refunds';
  static override timestamps = true;

  declare id: number;
  declare orderId: number;
  /** Our payments row. */
  declare paymentId: number;
  declare provider: PaymentProvider;
  /** The provider's id (rfnd_…), set once the provider accepted the refund. */
  declare providerRefundId: string | null;
  /** Sent with every provider call for this refund, so a retry never refunds twice. */
  declare idempotencyKey: string;
  declare amountPaise: number;
  declare reason: string;
  declare kind: RefundKind;
  declare status: RefundStatus;
  /** The business owner who asked for it (owner refunds); null for automatic ones. */
  declare initiatedBy: number | null;
  declare attempts: number;
  declare lastError: string | null;
  declare createdAt: Date;
  declare processedAt: Date | null;
  declare updatedAt: Date;

  declare order?: Order;
  declare payment?: Payment;

  static override relationMappings = () => ({
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'refunds.orderId', to: 'orders.id' },
    },
    payment: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Payment,
      join: { from: 'refunds.paymentId', to: 'payments.id' },
    },
  });
}
