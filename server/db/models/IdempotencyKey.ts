import { BaseModel } from './BaseModel.ts';

export class IdempotencyKey extends BaseModel {
  static override tableName = 'idempotency_keys';
  static override jsonAttributes = ['response'];

  declare id: number;
  declare scope: string;
  declare key: string;
  declare requestHash: string;
  declare response: unknown;
  declare createdAt: Date;
  declare expiresAt: Date;
}
