import { attachStaffNames, type ResourceHooks } from '../../admin/engine.ts';

/** The audit log is written by the back-office engine (server/admin/engine.ts); this only names the staff. */
export const auditLogHooks: ResourceHooks = {
  async decorate(records, db) {
    await attachStaffNames(records, db, 'salesStaffId', 'salesStaffName');
  },
};
