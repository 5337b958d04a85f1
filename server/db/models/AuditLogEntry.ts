import type { AuditLogRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * One back-office change (table `audit_log`), written by the admin engine in the change's transaction.
 * Its columns are AuditLogRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AuditLogEntry extends BaseModel {
  static override tableName = 'audit_log';
  static override jsonAttributes = ['before', 'after'];
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface AuditLogEntry extends AuditLogRow {}
