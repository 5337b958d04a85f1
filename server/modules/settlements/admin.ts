import { z } from 'zod';
import { defineAdminResource } from '../../admin/declaration.ts';
import { utrSchema } from './schema.ts';

export const SETTLEMENT_STATUS_CHOICES = [
  { id: 'pending', name: 'Pending' },
  { id: 'on_hold', name: 'On hold' },
  { id: 'settled', name: 'Settled' },
] as const;

/**
 * Daily settlement statements in the back office (docs/back-office.md): read-only, except the
 * platform's own payout of the part not sent through Route (outlets without an activated linked
 * account), which staff record with the bank transfer's UTR once the day's refund windows have ended.
 */
export const settlementsAdmin = defineAdminResource({
  name: 'settlements',
  table: 'settlements',
  label: 'Settlements',
  singularLabel: 'Settlement',
  recordRepresentation: 'periodStart',
  createSchema: z.object({ payoutUtr: utrSchema }),
  updateSchema: z.object({ payoutUtr: utrSchema }),
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', readOnly: true },
    periodStart: { kind: 'text', label: 'Day', readOnly: true },
    status: { kind: 'select', choices: SETTLEMENT_STATUS_CHOICES, readOnly: true },
    ordersCount: { kind: 'number', label: 'Bills', readOnly: true },
    grossPaise: { kind: 'money', label: 'Gross', readOnly: true },
    feePaise: { kind: 'money', label: 'Platform fee', readOnly: true },
    feeGstPaise: { kind: 'money', label: 'GST on fee', readOnly: true },
    refundPaise: { kind: 'money', label: 'Refunds (outlet share)', readOnly: true },
    payoutPaise: { kind: 'money', label: 'Payout', readOnly: true },
    routedPaise: { kind: 'money', label: 'Through Route', readOnly: true },
    transfersCount: { kind: 'number', label: 'Transfers', readOnly: true },
    utr: { kind: 'text', label: 'UTRs', readOnly: true },
    payoutUtr: {
      kind: 'text',
      label: 'Platform payout UTR',
      helperText: 'The UTR of the bank transfer that paid the part not sent through Route (12 to 22 letters and digits)',
    },
    payoutRecordedBy: { kind: 'number', label: 'Payout recorded by (staff id)', readOnly: true },
    onHoldAt: { kind: 'datetime', label: 'On hold since', readOnly: true },
    settledAt: { kind: 'datetime', label: 'Settled', readOnly: true },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['id', 'outletId', 'periodStart', 'ordersCount', 'payoutPaise', 'routedPaise', 'status', 'utr'],
    sortable: ['id', 'periodStart', 'payoutPaise', 'status', 'updatedAt'],
    defaultSort: { field: 'periodStart', order: 'DESC' },
    search: ['utr', 'payoutUtr'],
    filters: {
      outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', alwaysOn: true },
      status: { kind: 'select', label: 'Status', choices: SETTLEMENT_STATUS_CHOICES, alwaysOn: true },
    },
  },
  operations: { create: false, update: true, delete: false },
  editableWhen: { status: 'pending' },
});
