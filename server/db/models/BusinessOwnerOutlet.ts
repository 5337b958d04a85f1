import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Outlet } from './Outlet.ts';

/** A grant of one outlet to one business account; PK (business_owner_id, outlet_id). */
export class BusinessOwnerOutlet extends BaseModel {
  static override tableName = 'business_owner_outlets';
  static override idColumn = ['businessOwnerId', 'outletId'];

  declare businessOwnerId: number;
  declare outletId: number;
  declare grantedById: number | null;
  declare createdAt: Date;

  declare businessOwner?: BusinessOwner;
  declare outlet?: Outlet;
  declare grantedBy?: BusinessOwner | null;

  static override relationMappings = () => ({
    businessOwner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'business_owner_outlets.businessOwnerId', to: 'business_owners.id' },
    },
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'business_owner_outlets.outletId', to: 'outlets.id' },
    },
    grantedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'business_owner_outlets.grantedById', to: 'business_owners.id' },
    },
  });
}
