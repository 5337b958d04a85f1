import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';
import { SalesStaff } from './SalesStaff.ts';

export class DayDiscount extends BaseModel {
  static override tableName = 'day_discounts';
  static override timestamps = true;

  declare id: number;
  declare outletId: number;
  /** ISO: 1 = Monday … 7 = Sunday. */
  declare dayOfWeek: number;
  declare discountPercent: number;
  declare isActive: boolean;
  declare createdById: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare createdBy?: SalesStaff | null;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'day_discounts.outletId', to: 'outlets.id' },
    },
    createdBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: SalesStaff,
      join: { from: 'day_discounts.createdById', to: 'sales_staff.id' },
    },
  });
}
