import type { DayDiscountRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A discount for one day of the week (table `day_discounts`).
 * Its columns are DayDiscountRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class DayDiscount extends BaseModel {
  static override tableName = 'day_discounts';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface DayDiscount extends DayDiscountRow {}
