import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';
import { GoldenKeyLedgerEntry } from './GoldenKeyLedgerEntry.ts';

export class Referral extends BaseModel {
  static override tableName = 'referrals';

  declare id: number;
  declare referrerId: number;
  /** Unique: a shopper is referred once. */
  declare refereeId: number;
  declare code: string;
  declare createdAt: Date;

  declare referrer?: Consumer;
  declare referee?: Consumer;
  declare goldenKeyEntries?: GoldenKeyLedgerEntry[];

  static override relationMappings = () => ({
    referrer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'referrals.referrerId', to: 'consumers.id' },
    },
    referee: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'referrals.refereeId', to: 'consumers.id' },
    },
    goldenKeyEntries: {
      relation: BaseModel.HasManyRelation,
      modelClass: GoldenKeyLedgerEntry,
      join: { from: 'referrals.id', to: 'golden_key_ledger.referralId' },
    },
  });
}
