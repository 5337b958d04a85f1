import type { BusinessOwnerRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A business account, master or sub-account (table `business_owners`).
 * Its columns are BusinessOwnerRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class BusinessOwner extends BaseModel {
  static override tableName = 'business_owners';
  static override timestamps = true;
  static override hiddenFields = ['passwordHash'];
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface BusinessOwner extends BusinessOwnerRow {}
