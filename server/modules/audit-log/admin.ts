import { z } from 'zod';
import { defineAdminResource } from '../../admin/declaration.ts';

export const AUDIT_ACTION_CHOICES = [
  { id: 'create', name: 'Create' },
  { id: 'update', name: 'Update' },
  { id: 'delete', name: 'Delete' },
] as const;

/** Every back-office change: who, when, what, before and after. Read-only. */
export const auditLogAdmin = defineAdminResource({
  name: 'audit-log',
  table: 'audit_log',
  label: 'Audit log',
  singularLabel: 'Audit entry',
  recordRepresentation: 'id',
  createSchema: z.object({}),
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    createdAt: { kind: 'datetime', label: 'When', readOnly: true },
    salesStaffName: { kind: 'text', label: 'Who', readOnly: true },
    action: { kind: 'select', choices: AUDIT_ACTION_CHOICES, readOnly: true },
    resource: { kind: 'text', label: 'Resource', readOnly: true },
    recordId: { kind: 'text', label: 'Record', readOnly: true },
    before: { kind: 'json', readOnly: true, hiddenInShow: true },
    after: { kind: 'json', readOnly: true, hiddenInShow: true },
  },
  list: {
    columns: ['createdAt', 'salesStaffName', 'action', 'resource', 'recordId'],
    sortable: ['id', 'createdAt', 'resource', 'action'],
    defaultSort: { field: 'id', order: 'DESC' },
    search: ['resource', 'recordId'],
    filters: {
      resource: { kind: 'text', label: 'Resource', alwaysOn: true },
      action: { kind: 'select', choices: AUDIT_ACTION_CHOICES },
      recordId: { kind: 'text', label: 'Record' },
      salesStaffId: { kind: 'number', label: 'Staff id' },
    },
  },
  operations: { create: false, update: false, delete: false },
});
