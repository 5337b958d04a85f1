import { z } from 'zod';
import { defineAdminResource } from '../../admin/declaration.ts';

export const TICKET_STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'closed', name: 'Closed' },
] as const;

/** Sales staff read tickets and open or close them; shoppers and owners create them. */
export const supportTicketAdminSchema = z.object({
  status: z.enum(['open', 'closed'], { error: 'Status is open or closed' }),
});

export const supportTicketsAdmin = defineAdminResource({
  name: 'support-tickets',
  table: 'support_tickets',
  label: 'Support tickets',
  singularLabel: 'Support ticket',
  recordRepresentation: 'subject',
  createSchema: supportTicketAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    status: { kind: 'select', choices: TICKET_STATUS_CHOICES },
    subject: { kind: 'text', readOnly: true },
    message: { kind: 'longText', readOnly: true },
    name: { kind: 'text', readOnly: true },
    email: { kind: 'text', readOnly: true },
    phoneNumber: { kind: 'text', label: 'Phone number', readOnly: true },
    businessOwnerId: { kind: 'reference', reference: 'business-owners', label: 'Business owner', readOnly: true },
    createdAt: { kind: 'datetime', label: 'Received', readOnly: true },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['id', 'subject', 'name', 'email', 'status', 'createdAt'],
    sortable: ['id', 'subject', 'status', 'createdAt', 'updatedAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    search: ['subject', 'message', 'name', 'email'],
    filters: { status: { kind: 'select', choices: TICKET_STATUS_CHOICES, alwaysOn: true } },
  },
  operations: { create: false, update: true, delete: false },
});
