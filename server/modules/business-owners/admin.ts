import { z } from 'zod';
import { emailSchema, panSchema, phoneNumberSchema } from '../common/schema.ts';
import { defineAdminResource, nullable, optionalReferenceId, optionalText, requiredText } from '../../admin/declaration.ts';

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(3, 'Username needs at least 3 characters')
  .max(50, 'Username is too long')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username: letters, digits, dots, dashes and underscores only');

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(8, 'Password needs at least 8 characters')
  .max(200, 'Password is too long');

const outletIdsSchema = z.array(z.coerce.number().int().positive()).max(500, 'Too many outlets').default([]);

/** A business-owner account as sales staff create it (back office and `POST /api/onboarding/bo/signup`). */
export const businessOwnerAdminSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  name: requiredText('Name', 80),
  phoneNumber: phoneNumberSchema,
  email: nullable(emailSchema),
  pan: nullable(panSchema),
  designation: optionalText('Designation', 80),
  isMaster: z.boolean().default(true),
  masterId: optionalReferenceId,
  isActive: z.boolean().default(true),
  /** Outlets the account may use: a master becomes their owner; a sub-account is granted them. */
  outletIds: outletIdsSchema,
});
export type BusinessOwnerAdminInput = z.infer<typeof businessOwnerAdminSchema>;

export const businessOwnerAdminUpdateSchema = businessOwnerAdminSchema
  .omit({ password: true })
  .extend({ newPassword: nullable(newPasswordSchema) })
  .partial();
export type BusinessOwnerAdminUpdate = z.infer<typeof businessOwnerAdminUpdateSchema>;

export const businessOwnersAdmin = defineAdminResource({
  name: 'business-owners',
  table: 'business_owners',
  label: 'Business owners',
  singularLabel: 'Business owner',
  recordRepresentation: 'username',
  createSchema: businessOwnerAdminSchema,
  updateSchema: businessOwnerAdminUpdateSchema,
  fields: {
    id: { kind: 'number', label: 'BO ID', readOnly: true },
    username: { kind: 'text' },
    password: { kind: 'password', label: 'Initial password', createOnly: true, writeOnly: true },
    newPassword: {
      kind: 'password',
      label: 'New password',
      editOnly: true,
      writeOnly: true,
      helperText: 'Leave empty to keep the current password',
    },
    name: { kind: 'text' },
    phoneNumber: { kind: 'text', label: 'Phone number' },
    email: { kind: 'text' },
    pan: { kind: 'text', label: 'PAN' },
    designation: { kind: 'text' },
    isMaster: { kind: 'boolean', label: 'Is a master account', helperText: 'Off = a sub-account of a master account' },
    masterId: {
      kind: 'reference',
      reference: 'business-owners',
      label: 'Sub-account of',
      referenceFilter: { isMaster: true },
      visibleWhen: { isMaster: false },
    },
    outletIds: { kind: 'references', reference: 'outlets', label: 'Outlets' },
    isActive: { kind: 'boolean', label: 'Active', helperText: 'Off = cannot log in; open sessions end' },
    // Failures since the last successful sign-in, for information: they throttle the client, never lock the account.
    failedLoginCount: { kind: 'number', label: 'Failed logins', readOnly: true },
    createdAt: { kind: 'datetime', label: 'Created', readOnly: true },
  },
  list: {
    columns: ['id', 'username', 'name', 'phoneNumber', 'isMaster', 'masterId', 'isActive', 'createdAt'],
    sortable: ['id', 'username', 'name', 'isMaster', 'isActive', 'createdAt'],
    defaultSort: { field: 'id', order: 'DESC' },
    search: ['username', 'name', 'phoneNumber', 'email'],
    filters: {
      isMaster: { kind: 'boolean', label: 'Master' },
      isActive: { kind: 'boolean', label: 'Active' },
      masterId: { kind: 'reference', reference: 'business-owners', label: 'Master account' },
    },
  },
  related: [
    { resource: 'outlets', target: 'ownerId', label: 'Outlets it owns' },
    { resource: 'business-owners', target: 'masterId', label: 'Sub-accounts' },
  ],
  operations: { create: true, update: true, delete: true },
  hidden: ['passwordHash', 'lastFailedLoginAt', 'lockedUntil'],
  orphanGuards: [
    { label: 'owned outlets', table: 'outlets', column: 'ownerId' },
    { label: 'sub-accounts', table: 'business_owners', column: 'masterId' },
  ],
});
