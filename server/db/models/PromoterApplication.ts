import { BaseModel } from './BaseModel.ts';

/** Sent from /become-promoter. */
export class PromoterApplication extends BaseModel {
  static override tableName = 'promoter_applications';

  declare id: number;
  declare name: string;
  declare phoneNumber: string;
  declare email: string | null;
  declare city: string;
  declare message: string | null;
  declare createdAt: Date;
}
