import type { CategoryRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A category of outlets (table `categories`).
 * Its columns are CategoryRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Category extends BaseModel {
  static override tableName = 'categories';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Category extends CategoryRow {}
