import type { CityRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A city (table `cities`).
 * Its columns are CityRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class City extends BaseModel {
  static override tableName = 'cities';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface City extends CityRow {}
