import { BaseModel } from './BaseModel.ts';
import { AuditLogEntry } from './AuditLogEntry.ts';
import { Session } from './Session.ts';

/** A back-office (sales team) account. */
export class SalesStaff extends BaseModel {
  static override tableName = 'sales_staff';
  static override timestamps = true;
  static override hiddenFields = ['passwordHash'];

  declare id: number;
  /** Unique case-insensitively (`lower(username)`). */
  declare username: string;
  /** Argon2id. */
  declare passwordHash: string;
  declare name: string;
  declare isActive: boolean;
  declare failedLoginCount: number;
  declare lockedUntil: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare sessions?: Session[];
  declare auditLog?: AuditLogEntry[];

  static override relationMappings = () => ({
    sessions: {
      relation: BaseModel.HasManyRelation,
      modelClass: Session,
      join: { from: 'sales_staff.id', to: 'sessions.salesStaffId' },
    },
    auditLog: {
      relation: BaseModel.HasManyRelation,
      modelClass: AuditLogEntry,
      join: { from: 'sales_staff.id', to: 'audit_log.salesStaffId' },
    },
  });
}
