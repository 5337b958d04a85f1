import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';

export type OtpPurpose = 'login' | 'signup';

export interface SignupPayload {
  name?: string | null;
  email?: string | null;
  referral?: string | null;
  [key: string]: unknown;
}

export class OtpChallenge extends BaseModel {
  static override tableName = 'otp_challenges';
  static override hiddenFields = ['codeHash'];
  static override jsonAttributes = ['signupPayload'];

  declare id: number;
  declare purpose: OtpPurpose;
  declare phoneNumber: string;
  declare consumerId: number | null;
  /** HMAC-SHA256 (hex) of the code under APP_SECRET. */
  declare codeHash: string;
  declare attempts: number;
  declare maxAttempts: number;
  declare expiresAt: Date;
  declare consumedAt: Date | null;
  declare burnedAt: Date | null;
  declare clientIp: string | null;
  declare signupPayload: SignupPayload | null;
  declare isApp: boolean;
  declare createdAt: Date;

  declare consumer?: Consumer | null;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'otp_challenges.consumerId', to: 'consumers.id' },
    },
  });
}
