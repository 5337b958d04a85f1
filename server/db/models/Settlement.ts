import { BaseModel } from './BaseModel.ts';
import { LedgerEntry } from './LedgerEntry.ts';
import { Outlet } from './Outlet.ts';

export type SettlementStatus = 'pending' | 'processing' | 'paid';

export class Settlement extends BaseModel {
  static override tableName = 'settlements';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  /** 'YYYY-MM-DD', inclusive. */
  declare periodStart: string;
  declare periodEnd: string;
  declare grossPaise: number;
  declare discountPaise: number;
  declare feePaise: number;
  declare netPaise: number;
  declare status: SettlementStatus;
  declare reference: string | null;
  declare paidAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare ledgerEntries?: LedgerEntry[];

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'settlements.outletId', to: 'outlets.id' },
    },
    ledgerEntries: {
      relation: BaseModel.HasManyRelation,
      modelClass: LedgerEntry,
      join: { from: 'settlements.id', to: 'ledger_entries.settlementId' },
    },
  });
}
