import { z } from 'zod';
import { defineAdminResource, optionalText } from '../../admin/declaration.ts';

export const REVIEW_STATUS_CHOICES = [
  { id: 'published', name: 'Published' },
  { id: 'hidden', name: 'Hidden' },
] as const;

export const REPORT_REASON_CHOICES = [
  { id: 'spam', name: 'Spam' },
  { id: 'abusive', name: 'Abusive' },
  { id: 'fake', name: 'Fake' },
  { id: 'personal', name: 'Personal details' },
  { id: 'other', name: 'Other' },
] as const;

/** Sales moderate reviews: publish or hide, with a note. Shoppers write them; owners reply. */
export const reviewModerationSchema = z.object({
  status: z.enum(['published', 'hidden'], { error: 'Status is published or hidden' }),
  moderationNote: optionalText('Moderation note', 500),
});

export const reviewsAdmin = defineAdminResource({
  name: 'reviews',
  table: 'reviews',
  label: 'Reviews',
  singularLabel: 'Review',
  recordRepresentation: 'body',
  createSchema: reviewModerationSchema,
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet', readOnly: true },
    rating: { kind: 'number', label: 'Stars', readOnly: true },
    body: { kind: 'longText', label: 'Review', readOnly: true },
    reportCount: { kind: 'number', label: 'Reports', readOnly: true },
    status: { kind: 'select', choices: REVIEW_STATUS_CHOICES, helperText: 'Hidden reviews leave the outlet page and its rating' },
    moderationNote: { kind: 'longText', label: 'Moderation note' },
    moderatedById: { kind: 'number', label: 'Moderated by (staff ID)', readOnly: true },
    moderatedAt: { kind: 'datetime', label: 'Moderated', readOnly: true },
    ownerReply: { kind: 'longText', label: 'Owner’s reply', readOnly: true },
    ownerRepliedAt: { kind: 'datetime', label: 'Replied', readOnly: true },
    consumerId: { kind: 'number', label: 'Shopper ID', readOnly: true },
    orderId: { kind: 'number', label: 'Order ID', readOnly: true },
    createdAt: { kind: 'datetime', label: 'Written', readOnly: true },
  },
  list: {
    columns: ['id', 'outletId', 'rating', 'body', 'reportCount', 'status', 'createdAt'],
    sortable: ['id', 'rating', 'reportCount', 'status', 'createdAt'],
    defaultSort: { field: 'reportCount', order: 'DESC' },
    search: ['body', 'ownerReply'],
    filters: {
      status: { kind: 'select', choices: REVIEW_STATUS_CHOICES, alwaysOn: true },
      outletId: { kind: 'reference', reference: 'outlets', label: 'Outlet' },
      rating: { kind: 'number', label: 'Stars' },
    },
  },
  related: [{ resource: 'review-reports', target: 'reviewId', label: 'Reports' }],
  operations: { create: false, update: true, delete: false },
});

/** What shoppers reported (read-only: the review itself is what sales act on). */
export const reviewReportsAdmin = defineAdminResource({
  name: 'review-reports',
  table: 'review_reports',
  label: 'Review reports',
  singularLabel: 'Review report',
  recordRepresentation: 'reason',
  createSchema: z.object({}),
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    reviewId: { kind: 'reference', reference: 'reviews', label: 'Review', readOnly: true },
    reason: { kind: 'select', choices: REPORT_REASON_CHOICES, readOnly: true },
    note: { kind: 'longText', readOnly: true },
    consumerId: { kind: 'number', label: 'Shopper ID', readOnly: true },
    createdAt: { kind: 'datetime', label: 'Reported', readOnly: true },
  },
  list: {
    columns: ['id', 'reviewId', 'reason', 'note', 'createdAt'],
    sortable: ['id', 'createdAt', 'reason'],
    defaultSort: { field: 'createdAt', order: 'DESC' },
    search: ['note'],
    filters: {
      reviewId: { kind: 'reference', reference: 'reviews', label: 'Review' },
      reason: { kind: 'select', choices: REPORT_REASON_CHOICES, alwaysOn: true },
    },
  },
  operations: { create: false, update: false, delete: false },
});
