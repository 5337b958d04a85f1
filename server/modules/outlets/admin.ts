import { z } from 'zod';
import { gstinSchema, phoneNumberSchema } from '../common/schema.ts';
import { cuisinesSchema, dishesSchema } from './schema.ts';
import {
  defineAdminResource,
  nullable,
  optionalReferenceId,
  optionalText,
  percentSchema,
  referenceId,
  requiredText,
  timeOfDaySchema,
} from '../../admin/declaration.ts';
import { ROUTE_ACCOUNT_STATUSES, routeAccountIdSchema } from '../settlements/schema.ts';

/** Razorpay Route linked-account states (outlets.route_account_status); only `activated` gets transfers. */
export const ROUTE_ACCOUNT_STATUS_CHOICES = [
  { id: 'created', name: 'Created' },
  { id: 'under_review', name: 'Under review' },
  { id: 'needs_clarification', name: 'Needs clarification' },
  { id: 'activated', name: 'Activated (gets transfers)' },
  { id: 'suspended', name: 'Suspended' },
] as const;

export const GST_STATUS_CHOICES = [
  { id: 'missing', name: 'Missing' },
  { id: 'pending', name: 'Pending (acknowledgment)' },
  { id: 'verified', name: 'Verified' },
] as const;

/** What sales staff write when they create an outlet (back office and `POST /api/outlet/create`). */
export const outletAdminSchema = z.object({
  name: requiredText('Name', 120),
  categoryId: referenceId('Category'),
  cityId: referenceId('City'),
  masterOutletId: optionalReferenceId,
  ownerId: optionalReferenceId,
  addressLineOne: requiredText('Address', 200),
  addressLineTwo: requiredText('Locality', 120),
  landmark: optionalText('Landmark', 120),
  state: requiredText('State', 60),
  pincode: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code'),
  latitude: z.coerce.number({ error: 'Latitude is required' }).min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90'),
  longitude: z.coerce
    .number({ error: 'Longitude is required' })
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180'),
  phoneNumber: nullable(phoneNumberSchema),
  opensAt: timeOfDaySchema('Opens at'),
  closesAt: timeOfDaySchema('Closes at'),
  isLive: z.boolean().default(false),
  shuffleMinPercent: percentSchema('Shuffle minimum').default(2),
  shuffleMaxPercent: percentSchema('Shuffle maximum').default(10),
  gstin: nullable(gstinSchema),
  gstAckNumber: optionalText('GST acknowledgment number', 40),
  gstStatus: z.enum(['missing', 'pending', 'verified']).default('missing'),
  isVeg: z.boolean().default(false),
  cuisines: cuisinesSchema.default([]),
  dishes: dishesSchema.default([]),
  routeAccountId: nullable(routeAccountIdSchema),
  routeAccountStatus: z.enum(ROUTE_ACCOUNT_STATUSES).nullish(),
});
export type OutletAdminInput = z.infer<typeof outletAdminSchema>;

export const outletsAdmin = defineAdminResource({
  name: 'outlets',
  table: 'outlets',
  label: 'Outlets',
  singularLabel: 'Outlet',
  recordRepresentation: 'name',
  createSchema: outletAdminSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    name: { kind: 'text' },
    slug: { kind: 'text', readOnly: true, helperText: 'Made from the name' },
    categoryId: { kind: 'reference', reference: 'categories', label: 'Category' },
    cityId: { kind: 'reference', reference: 'cities', label: 'City' },
    masterOutletId: { kind: 'reference', reference: 'outlets', label: 'Master outlet' },
    ownerId: { kind: 'reference', reference: 'business-owners', label: 'Owner (master account)', referenceFilter: { isMaster: true } },
    addressLineOne: { kind: 'text', label: 'Address' },
    addressLineTwo: { kind: 'text', label: 'Locality' },
    landmark: { kind: 'text' },
    state: { kind: 'text' },
    pincode: { kind: 'text', label: 'PIN code' },
    latitude: { kind: 'number' },
    longitude: { kind: 'number' },
    phoneNumber: { kind: 'text', label: 'Phone number' },
    opensAt: { kind: 'time', label: 'Opens at' },
    closesAt: { kind: 'time', label: 'Closes at', helperText: 'Earlier than opening = closes after midnight' },
    isLive: { kind: 'boolean', label: 'Live' },
    shuffleMinPercent: { kind: 'percent', label: 'Shuffle min %' },
    shuffleMaxPercent: { kind: 'percent', label: 'Shuffle max %' },
    gstin: { kind: 'text', label: 'GSTIN' },
    gstAckNumber: { kind: 'text', label: 'GST acknowledgment no.' },
    gstStatus: { kind: 'select', label: 'GST status', choices: GST_STATUS_CHOICES },
    gstCertificateKey: { kind: 'document', label: 'GST certificate', readOnly: true },
    isVeg: { kind: 'boolean', label: 'Pure veg', helperText: 'Shown to shoppers who filter for veg only' },
    cuisines: { kind: 'tags', label: 'Cuisines', helperText: 'Searched and shown on cards, e.g. South Indian' },
    dishes: { kind: 'tags', label: 'Dishes', helperText: 'Searched, e.g. Masala Dosa' },
    routeAccountId: {
      kind: 'text',
      label: 'Razorpay linked account',
      helperText: 'Route linked account id (acc_ + 14 characters). Empty: Bachat pays this outlet itself against its daily statements',
    },
    routeAccountStatus: {
      kind: 'select',
      label: 'Linked account status',
      choices: ROUTE_ACCOUNT_STATUS_CHOICES,
      helperText: 'As Razorpay reports it; its webhooks keep it up to date. Only an activated account receives transfers',
    },
    createdAt: { kind: 'datetime', label: 'Created', readOnly: true },
    updatedAt: { kind: 'datetime', label: 'Updated', readOnly: true },
  },
  list: {
    columns: ['id', 'name', 'categoryId', 'cityId', 'addressLineTwo', 'ownerId', 'isLive', 'routeAccountStatus', 'updatedAt'],
    sortable: ['id', 'name', 'slug', 'cityId', 'categoryId', 'isLive', 'createdAt', 'updatedAt', 'addressLineTwo'],
    defaultSort: { field: 'id', order: 'DESC' },
    search: ['name', 'addressLineTwo', 'slug'],
    filters: {
      cityId: { kind: 'reference', reference: 'cities', label: 'City', alwaysOn: true },
      categoryId: { kind: 'reference', reference: 'categories', label: 'Category' },
      ownerId: { kind: 'reference', reference: 'business-owners', label: 'Owner' },
      masterOutletId: { kind: 'reference', reference: 'outlets', label: 'Master outlet' },
      isLive: { kind: 'boolean', label: 'Live' },
      isVeg: { kind: 'boolean', label: 'Pure veg' },
      gstStatus: { kind: 'select', label: 'GST status', choices: GST_STATUS_CHOICES },
      routeAccountStatus: { kind: 'select', label: 'Linked account', choices: ROUTE_ACCOUNT_STATUS_CHOICES },
    },
  },
  related: [
    { resource: 'discounts', target: 'outletId', label: 'Base discount' },
    { resource: 'day-discounts', target: 'outletId', label: 'Day discounts' },
    { resource: 'outlets', target: 'masterOutletId', label: 'Branches' },
    { resource: 'settlements', target: 'outletId', label: 'Settlements' },
  ],
  operations: { create: true, update: true, delete: true, bulkDelete: true },
  // Made from the name, category, cuisines, dishes and menus by the outlets service.
  hidden: ['searchTokens'],
  orphanGuards: [
    { label: 'payments', table: 'payments', column: 'orderId', via: { table: 'orders', column: 'outletId' } },
    { label: 'orders', table: 'orders', column: 'outletId' },
    { label: 'coupons', table: 'coupons', column: 'outletId' },
    { label: 'settlements', table: 'settlements', column: 'outletId' },
  ],
});
