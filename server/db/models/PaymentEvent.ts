import { BaseModel } from './BaseModel.ts';
import type { PaymentProvider } from './Order.ts';

/** A received webhook; unique (provider, event_id) so each event is processed once. */
export class PaymentEvent extends BaseModel {
  static override tableName = 'payment_events';
  static override jsonAttributes = ['payload'];

  declare id: number;
  declare provider: PaymentProvider;
  declare eventId: string;
  declare eventType: string;
  declare payload: Record<string, unknown>;
  declare receivedAt: Date;
  declare processedAt: Date | null;
}
