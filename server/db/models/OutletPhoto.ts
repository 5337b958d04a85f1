import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';

/**
 * Unique (outlet_id, sub_category, position) is DEFERRABLE INITIALLY IMMEDIATE: to swap positions,
 * run `SET CONSTRAINTS outlet_photos_outlet_id_sub_category_position_unique DEFERRED` in the transaction.
 */
export class OutletPhoto extends BaseModel {
  static override tableName = 'outlet_photos';

  declare id: number;
  declare outletId: number;
  /** e.g. ambience, food, storefront */
  declare subCategory: string;
  declare position: number;
  declare storageKey: string;
  declare width: number;
  declare height: number;
  declare createdAt: Date;

  declare outlet?: Outlet;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'outlet_photos.outletId', to: 'outlets.id' },
    },
  });
}
