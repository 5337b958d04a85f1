import { z } from 'zod';
import { billAmountSchema, outletIdSchema } from '../bills/schema.ts';
import { idempotencyKeySchema } from '../orders/schema.ts';
import { tableNumberSchema } from '../pay-links/schema.ts';
import { GROUP_MAX_PEOPLE, GROUP_MIN_PEOPLE, type GroupSplitError } from '../orders/money.ts';
import type { GroupBillStatus } from '../../db/tables.ts';

/**
 * Group pay (docs/payments.md "Group pay"): friends split one bill at an outlet, each pays a share from
 * their own phone, the outlet sees one bill paid. The money of the split is orders/money.ts
 * `splitGroupBill`; each share is paid by an ordinary order (orders `createOrder` with the shares).
 */

/** How many people may share a bill (the split page's stepper). */
export { GROUP_MAX_PEOPLE, GROUP_MIN_PEOPLE };

/** The 6 characters friends type: no 0/O, 1/I/L. */
export const GROUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GROUP_CODE_LENGTH = 6;

export const GROUP_BILL_MESSAGES = {
  notFound: 'No group bill has this code. Check the code and try again.',
  codeInvalid: 'A group code is 6 letters and digits',
  peopleOrShares: 'Say how many people share the bill, or how much each one pays',
  tooFew: `A group bill is shared by at least ${GROUP_MIN_PEOPLE} people`,
  tooMany: `A group bill is shared by at most ${GROUP_MAX_PEOPLE} people`,
  partsDoNotAddUp: 'The shares must add up to the bill',
  shareBelowMinimum: 'Each share must be at least ₹50. Split the bill among fewer people.',
  onlyHost: 'Only the person who started this group bill can do this.',
  alreadyPaid: 'Someone has already paid a share, so the bill and the shares can no longer change.',
  closed: 'This group bill is closed.',
  expired: 'This group bill has expired. Every share that was paid is being refunded.',
  sharePaid: 'This share is already paid.',
  shareNotFound: 'This share is not part of the group bill.',
  nothingLeft: 'Every share is already paid.',
  refundReason: 'The group bill was not paid in full in time, so your share is being refunded.',
} as const;

export const SPLIT_ERROR_MESSAGES: Record<GroupSplitError, string> = {
  too_few: GROUP_BILL_MESSAGES.tooFew,
  too_many: GROUP_BILL_MESSAGES.tooMany,
  parts_do_not_add_up: GROUP_BILL_MESSAGES.partsDoNotAddUp,
  share_below_minimum: GROUP_BILL_MESSAGES.shareBelowMinimum,
};

export const groupCodeSchema = z
  .string({ error: GROUP_BILL_MESSAGES.codeInvalid })
  .trim()
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${GROUP_CODE_ALPHABET}]{${GROUP_CODE_LENGTH}}$`), GROUP_BILL_MESSAGES.codeInvalid));

/** The split: `people` (equal shares) or `shares` (what each one's part of the bill is, the host's first). */
const splitSchema = z.object({
  amount: billAmountSchema,
  people: z.coerce.number({ error: GROUP_BILL_MESSAGES.tooFew }).int(GROUP_BILL_MESSAGES.tooFew).min(GROUP_MIN_PEOPLE, GROUP_BILL_MESSAGES.tooFew).max(GROUP_MAX_PEOPLE, GROUP_BILL_MESSAGES.tooMany).optional(),
  shares: z.array(billAmountSchema).min(GROUP_MIN_PEOPLE, GROUP_BILL_MESSAGES.tooFew).max(GROUP_MAX_PEOPLE, GROUP_BILL_MESSAGES.tooMany).optional(),
});
const exactlyOne = (v: { people?: number; shares?: number[] }) => (v.people === undefined) !== (v.shares === undefined);

/** `groupBills.create` / `POST /api/group-bills`; `groupBills.quote` previews it. */
export const createGroupBillInputSchema = splitSchema
  .extend({ outletId: outletIdSchema, tableNumber: tableNumberSchema.nullish() })
  .refine(exactlyOne, { message: GROUP_BILL_MESSAGES.peopleOrShares, path: ['people'] });
export type CreateGroupBillInput = z.input<typeof createGroupBillInputSchema>;

/** `groupBills.update` / `PATCH /api/group-bills/{code}`: the host, before anyone paid. */
export const updateGroupBillInputSchema = splitSchema.extend({ code: groupCodeSchema }).refine(exactlyOne, { message: GROUP_BILL_MESSAGES.peopleOrShares, path: ['people'] });

export const groupCodeInputSchema = z.object({ code: groupCodeSchema });

const payInputSchema = z.object({
  code: groupCodeSchema,
  /** The payer's own Shuffle coupon at this outlet (applies to their share only); omitted: the best one; null: none. */
  couponId: z.coerce.number().int().positive().nullable().optional(),
  idempotencyKey: idempotencyKeySchema,
});
/** `groupBills.payShare` / `POST /api/group-bills/{code}/shares/{shareId}/order`. */
export const payShareInputSchema = payInputSchema.extend({ shareId: z.coerce.number({ error: GROUP_BILL_MESSAGES.shareNotFound }).int().positive() });
/** `groupBills.payRest` / `POST /api/group-bills/{code}/rest/order`: the host pays every share left. */
export const payRestInputSchema = payInputSchema;

export type GroupShareState = 'open' | 'paying' | 'paid';

export interface GroupShareView {
  id: number;
  /** 1 is the host's. */
  position: number;
  billPaise: number;
  instantDiscountPaise: number;
  /** This share of the discounted total (the payer's own coupon and the fees come on top). */
  sharePaise: number;
  state: GroupShareState;
  /** Paid by (or being paid by) the viewer. */
  mine: boolean;
  /** The payer's first name (or the one paying now), for signed-in viewers; null otherwise. */
  payerName: string | null;
}

export interface GroupBillView {
  code: string;
  /** `/group/{code}`: the page friends open. */
  path: string;
  status: GroupBillStatus;
  outletId: number;
  outletName: string;
  tableNumber: number | null;
  billPaise: number;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  totalPaise: number;
  paidPaise: number;
  leftPaise: number;
  paidCount: number;
  shareCount: number;
  expiresAt: Date;
  hostName: string | null;
  /** The viewer started it (may change it before anyone paid, and pay the rest). */
  isHost: boolean;
  canEdit: boolean;
  version: number;
  shares: GroupShareView[];
}

/** A preview of a split (nothing stored). */
export interface GroupBillQuote {
  outletId: number;
  outletName: string;
  billPaise: number;
  instantDiscountPercent: number;
  instantDiscountPaise: number;
  totalPaise: number;
  shares: { position: number; billPaise: number; instantDiscountPaise: number; sharePaise: number }[];
}
