import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Consumer } from './Consumer.ts';
import { SalesStaff } from './SalesStaff.ts';

export type SessionKind = 'consumer' | 'business' | 'sales';

/** A login of any principal. Exactly the id column of its kind is set (a CHECK enforces it). */
export class Session extends BaseModel {
  static override tableName = 'sessions';
  static override hiddenFields = ['tokenHash'];

  declare id: number;
  /** HMAC-SHA256 (hex) of the bearer token under APP_SECRET. */
  declare tokenHash: string;
  declare kind: SessionKind;
  declare consumerId: number | null;
  declare businessOwnerId: number | null;
  declare salesStaffId: number | null;
  declare isApp: boolean;
  declare expiresAt: Date;
  declare revokedAt: Date | null;
  declare lastSeenAt: Date | null;
  declare userAgent: string | null;
  declare createdAt: Date;

  declare consumer?: Consumer | null;
  declare businessOwner?: BusinessOwner | null;
  declare salesStaff?: SalesStaff | null;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'sessions.consumerId', to: 'consumers.id' },
    },
    businessOwner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'sessions.businessOwnerId', to: 'business_owners.id' },
    },
    salesStaff: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: SalesStaff,
      join: { from: 'sessions.salesStaffId', to: 'sales_staff.id' },
    },
  });
}
