import { BaseModel } from './BaseModel.ts';
import { Order, type PaymentProvider } from './Order.ts';

export type PaymentStatus = 'authorized' | 'captured' | 'failed' | 'refunded';

export class Payment extends BaseModel {
  static override tableName = 'payments';
  static override timestamps = true;

  declare id: number;
  declare orderId: number;
  declare provider: PaymentProvider;
  /** Unique per provider: one capture per provider payment. */
  declare providerPaymentId: string;
  declare status: PaymentStatus;
  declare amountPaise: number;
  declare method: string | null;
  declare errorReason: string | null;
  declare capturedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare order?: Order;

  static override relationMappings = () => ({
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'payments.orderId', to: 'orders.id' },
    },
  });
}
