import { BaseModel } from './BaseModel.ts';
import { SalesStaff } from './SalesStaff.ts';

export type AuditAction = 'create' | 'update' | 'delete';

/** One back-office change (table `audit_log`). */
export class AuditLogEntry extends BaseModel {
  static override tableName = 'audit_log';
  static override jsonAttributes = ['before', 'after'];

  declare id: number;
  declare salesStaffId: number | null;
  declare action: AuditAction;
  declare resource: string;
  declare recordId: string;
  declare before: Record<string, unknown> | null;
  declare after: Record<string, unknown> | null;
  declare createdAt: Date;

  declare salesStaff?: SalesStaff | null;

  static override relationMappings = () => ({
    salesStaff: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: SalesStaff,
      join: { from: 'audit_log.salesStaffId', to: 'sales_staff.id' },
    },
  });
}
