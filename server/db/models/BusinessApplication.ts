import type { BusinessApplicationRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * An application from /for-business-form (table `business_applications`).
 * Its columns are BusinessApplicationRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class BusinessApplication extends BaseModel {
  static override tableName = 'business_applications';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface BusinessApplication extends BusinessApplicationRow {}
