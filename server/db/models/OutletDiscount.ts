import type { OutletDiscountRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * The "discount button": an outlet's base live discount, one row per outlet (table `outlet_discounts`).
 * Its columns are OutletDiscountRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class OutletDiscount extends BaseModel {
  static override tableName = 'outlet_discounts';
  static override idColumn = 'outletId';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface OutletDiscount extends OutletDiscountRow {}
