import type { SettlementRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A daily settlement statement of an outlet (the back office records the platform's payout UTR) (table `settlements`).
 * Its columns are SettlementRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Settlement extends BaseModel {
  static override tableName = 'settlements';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Settlement extends SettlementRow {}
