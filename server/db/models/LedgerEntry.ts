import { BaseModel } from './BaseModel.ts';
import { Order } from './Order.ts';
import { Outlet } from './Outlet.ts';
import { Settlement } from './Settlement.ts';

export type LedgerEntryType =
  | 'bill'
  | 'instant_discount'
  | 'shuffle_discount'
  | 'convenience_fee'
  | 'gst'
  | 'platform_fee'
  | 'net_to_outlet'
  | 'payout';

/**
 * One line of an outlet's money ledger. Append-only (a trigger refuses UPDATE and DELETE);
 * amounts are ≥ 0 and their direction follows from entryType. One entry per (order, type).
 */
export class LedgerEntry extends BaseModel {
  static override tableName = 'ledger_entries';

  declare id: number;
  declare outletId: number;
  declare orderId: number | null;
  declare settlementId: number | null;
  declare entryType: LedgerEntryType;
  declare amountPaise: number;
  declare occurredAt: Date;
  declare createdAt: Date;

  declare outlet?: Outlet;
  declare order?: Order | null;
  declare settlement?: Settlement | null;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'ledger_entries.outletId', to: 'outlets.id' },
    },
    order: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Order,
      join: { from: 'ledger_entries.orderId', to: 'orders.id' },
    },
    settlement: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Settlement,
      join: { from: 'ledger_entries.settlementId', to: 'settlements.id' },
    },
  });
}
