import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Category } from './Category.ts';
import { City } from './City.ts';
import { Outlet } from './Outlet.ts';
import { SalesStaff } from './SalesStaff.ts';

export type BusinessApplicationStatus = 'pending' | 'approved' | 'rejected';

export class BusinessApplication extends BaseModel {
  static override tableName = 'business_applications';
  static override timestamps = true;

  declare id: number;
  declare businessName: string;
  declare address: string;
  declare contactName: string;
  declare phoneNumber: string;
  declare email: string | null;
  declare pan: string;
  declare gstin: string | null;
  /** At least one of gstCertificateKey and gstAckNumber is set. */
  declare gstCertificateKey: string | null;
  declare gstAckNumber: string | null;
  declare chequeKey: string | null;
  declare cityId: number | null;
  declare categoryId: number | null;
  declare status: BusinessApplicationStatus;
  /** Required when status is 'rejected'. */
  declare rejectReason: string | null;
  declare reviewedById: number | null;
  declare reviewedAt: Date | null;
  declare businessOwnerId: number | null;
  declare outletId: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare city?: City | null;
  declare category?: Category | null;
  declare reviewedBy?: SalesStaff | null;
  declare businessOwner?: BusinessOwner | null;
  declare outlet?: Outlet | null;

  static override relationMappings = () => ({
    city: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: City,
      join: { from: 'business_applications.cityId', to: 'cities.id' },
    },
    category: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Category,
      join: { from: 'business_applications.categoryId', to: 'categories.id' },
    },
    reviewedBy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: SalesStaff,
      join: { from: 'business_applications.reviewedById', to: 'sales_staff.id' },
    },
    businessOwner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'business_applications.businessOwnerId', to: 'business_owners.id' },
    },
    outlet: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Outlet,
      join: { from: 'business_applications.outletId', to: 'outlets.id' },
    },
  });
}
