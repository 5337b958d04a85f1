import type { OutletRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * An outlet (table `outlets`); sales staff edit it in the back office.
 * Its columns are OutletRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Outlet extends BaseModel {
  static override tableName = 'outlets';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Outlet extends OutletRow {}
