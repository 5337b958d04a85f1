import type { ReviewRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A shopper's verified review of an outlet (table `reviews`).
 * Its columns are ReviewRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Review extends BaseModel {
  static override tableName = 'reviews';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Review extends ReviewRow {}
