import { z } from 'zod';
import { emailSchema, gstinSchema, panSchema, phoneNumberSchema } from '../common/schema.ts';
import {
  defineAdminResource,
  nullable,
  optionalReferenceId,
  optionalText,
  requiredText,
  timeOfDaySchema,
} from '../../admin/declaration.ts';
import { newPasswordSchema, usernameSchema } from '../business-owners/admin.ts';

export const APPLICATION_STATUS_CHOICES = [
  { id: 'pending', name: 'Pending' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
] as const;

/** An application from /for-business-form (or typed in by sales from a paper form). */
export const businessApplicationAdminSchema = z.object({
  businessName: requiredText('Business name', 120),
  address: requiredText('Address', 300),
  contactName: requiredText('Contact name', 80),
  phoneNumber: phoneNumberSchema,
  email: nullable(emailSchema),
  pan: panSchema,
  gstin: nullable(gstinSchema),
  gstAckNumber: optionalText('GST acknowledgment number', 40),
  cityId: optionalReferenceId,
  categoryId: optionalReferenceId,
});

/** Approving creates the owner's master account and the outlet, in one transaction. */
export const approveApplicationSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  cityId: z.coerce.number({ error: 'City is required' }).int().positive('City is required'),
  categoryId: z.coerce.number({ error: 'Category is required' }).int().positive('Category is required'),
  outletName: requiredText('Outlet name', 120),
  addressLineOne: requiredText('Address', 200),
  addressLineTwo: requiredText('Locality', 120),
  state: requiredText('State', 60),
  pincode: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code'),
  latitude: z.coerce.number({ error: 'Latitude is required' }).min(-90).max(90),
  longitude: z.coerce.number({ error: 'Longitude is required' }).min(-180).max(180),
  opensAt: timeOfDaySchema('Opens at'),
  closesAt: timeOfDaySchema('Closes at'),
});
export type ApproveApplicationInput = z.infer<typeof approveApplicationSchema>;

export const rejectApplicationSchema = z.object({
  reason: z
    .string({ error: 'Give a reason for the rejection' })
    .trim()
    .min(3, 'Give a reason for the rejection')
    .max(500, 'The reason is too long'),
});
export type RejectApplicationInput = z.infer<typeof rejectApplicationSchema>;

export const businessApplicationsAdmin = defineAdminResource({
  name: 'business-applications',
  table: 'business_applications',
  label: 'Business applications',
  singularLabel: 'Business application',
  recordRepresentation: 'businessName',
  createSchema: businessApplicationAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    status: { kind: 'select', choices: APPLICATION_STATUS_CHOICES, readOnly: true },
    businessName: { kind: 'text', label: 'Business name' },
    address: { kind: 'longText' },
    contactName: { kind: 'text', label: 'Contact name' },
    phoneNumber: { kind: 'text', label: 'Phone number' },
    email: { kind: 'text' },
    pan: { kind: 'text', label: 'PAN' },
    gstin: { kind: 'text', label: 'GSTIN' },
    gstAckNumber: { kind: 'text', label: 'GST acknowledgment no.' },
    gstCertificateKey: { kind: 'document', label: 'GST certificate', readOnly: true },
    chequeKey: { kind: 'document', label: 'Cancelled cheque / passbook', readOnly: true },
    cityId: { kind: 'reference', reference: 'cities', label: 'City' },
    categoryId: { kind: 'reference', reference: 'categories', label: 'Category' },
    rejectReason: { kind: 'longText', label: 'Reason for rejection', readOnly: true },
    reviewedByName: { kind: 'text', label: 'Reviewed by', readOnly: true },
    reviewedAt: { kind: 'datetime', label: 'Reviewed', readOnly: true },
    businessOwnerId: { kind: 'reference', reference: 'business-owners', label: 'Owner account', readOnly: true },
    outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', readOnly: true },
    createdAt: { kind: 'datetime', label: 'Received', readOnly: true },
  },
  list: {
    columns: ['id', 'businessName', 'contactName', 'phoneNumber', 'cityId', 'status', 'createdAt'],
    sortable: ['id', 'businessName', 'status', 'createdAt', 'reviewedAt'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    search: ['businessName', 'contactName', 'phoneNumber', 'pan'],
    filters: {
      status: { kind: 'select', choices: APPLICATION_STATUS_CHOICES, alwaysOn: true },
      cityId: { kind: 'reference', reference: 'cities', label: 'City' },
      categoryId: { kind: 'reference', reference: 'categories', label: 'Category' },
    },
  },
  operations: { create: true, update: true, delete: true },
  editableWhen: { status: 'pending' },
  actions: { approve: approveApplicationSchema, reject: rejectApplicationSchema },
});
