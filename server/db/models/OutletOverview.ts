import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';

export class OutletOverview extends BaseModel {
  static override tableName = 'outlet_overviews';
  static override idColumn = 'outletId';
  static override timestamps = true;
  static override jsonAttributes = ['highlights'];

  declare outletId: number;
  declare about: string;
  declare costForTwoPaise: number | null;
  /** Amenities, cuisines… */
  declare highlights: string[];
  declare updatedAt: Date;

  declare outlet?: Outlet;

  static override relationMappings = () => ({
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'outlet_overviews.outletId', to: 'outlets.id' },
    },
  });
}
