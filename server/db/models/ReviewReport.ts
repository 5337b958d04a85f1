import type { ReviewReportRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A report of a review (the back office moderates it) (table `review_reports`).
 * Its columns are ReviewReportRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ReviewReport extends BaseModel {
  static override tableName = 'review_reports';
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ReviewReport extends ReviewReportRow {}
