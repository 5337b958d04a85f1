import { BaseModel } from './BaseModel.ts';
import { Outlet } from './Outlet.ts';
import { Session } from './Session.ts';

/**
 * An outlet account. A master (`isMaster`, no `masterId`) owns outlets through `outlets.owner_id`;
 * a sub-account (`masterId` set) sees the outlets granted in `business_owner_outlets`.
 */
export class BusinessOwner extends BaseModel {
  static override tableName = 'business_owners';
  static override timestamps = true;
  static override hiddenFields = ['passwordHash'];

  declare id: number;
  /** Unique case-insensitively (`lower(username)`). */
  declare username: string;
  /** Argon2id. */
  declare passwordHash: string;
  declare name: string;
  declare phoneNumber: string;
  declare email: string | null;
  /** `^[A-Z]{5}[0-9]{4}[A-Z]$` when set. */
  declare pan: string | null;
  declare designation: string | null;
  declare isMaster: boolean;
  declare masterId: number | null;
  declare isActive: boolean;
  declare failedLoginCount: number;
  declare lastFailedLoginAt: Date | null;
  declare lockedUntil: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare master?: BusinessOwner | null;
  declare subAccounts?: BusinessOwner[];
  declare ownedOutlets?: Outlet[];
  declare outlets?: Outlet[];
  declare sessions?: Session[];

  static override relationMappings = () => ({
    master: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'business_owners.masterId', to: 'business_owners.id' },
    },
    subAccounts: {
      relation: BaseModel.HasManyRelation,
      modelClass: BusinessOwner,
      join: { from: 'business_owners.id', to: 'business_owners.masterId' },
    },
    /** Outlets this master account owns (outlets.owner_id). */
    ownedOutlets: {
      relation: BaseModel.HasManyRelation,
      modelClass: Outlet,
      join: { from: 'business_owners.id', to: 'outlets.ownerId' },
    },
    /** Outlets this account may manage (grants in business_owner_outlets; masters have rows too). */
    outlets: {
      relation: BaseModel.ManyToManyRelation,
      modelClass: Outlet,
      join: {
        from: 'business_owners.id',
        through: {
          from: 'business_owner_outlets.businessOwnerId',
          to: 'business_owner_outlets.outletId',
          extra: ['grantedById'],
        },
        to: 'outlets.id',
      },
    },
    sessions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Session,
      join: { from: 'business_owners.id', to: 'sessions.businessOwnerId' },
    },
  });
}
