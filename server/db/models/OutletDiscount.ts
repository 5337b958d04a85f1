import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Outlet } from './Outlet.ts';

/** The "discount button": an outlet's base live discount (one row per outlet). */
export class OutletDiscount extends BaseModel {
  static override tableName = 'outlet_discounts';
  static override idColumn = 'outletId';
  static override timestamps = true;

  declare outletId: number;
  declare discountPercent: number;
  declare isLive: boolean;
  declare updatedById: number | null;
  declare updatedAt: Date;

  declare outlet?: Outlet;
  declare updatedBy?: BusinessOwner | null;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'outlet_discounts.outletId', to: 'outlets.id' },
    },
    updatedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'outlet_discounts.updatedById', to: 'business_owners.id' },
    },
  });
}
