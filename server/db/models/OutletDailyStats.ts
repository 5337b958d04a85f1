import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';

/** One outlet's totals for one IST day; PK (outlet_id, day). Updated in the capture transaction. */
export class OutletDailyStats extends BaseModel {
  static override tableName = 'outlet_daily_stats';
  static override idColumn = ['outletId', 'day'];
  static override timestamps = true;

  declare outletId: number;
  /** 'YYYY-MM-DD', IST calendar day. */
  declare day: string;
  declare ordersCount: number;
  declare couponsCount: number;
  declare billPaise: number;
  declare discountPaise: number;
  declare feePaise: number;
  declare netPaise: number;
  declare updatedAt: Date;

  declare outlet?: Outlet;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'outlet_daily_stats.outletId', to: 'outlets.id' },
    },
  });
}
