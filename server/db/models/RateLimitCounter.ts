import { BaseModel } from './BaseModel.ts';

/** A fixed-window counter; PK (key, window_start). */
export class RateLimitCounter extends BaseModel {
  static override tableName = 'rate_limit_counters';
  static override idColumn = ['key', 'windowStart'];

  declare key: string;
  declare windowStart: Date;
  declare count: number;
  declare expiresAt: Date;
}
