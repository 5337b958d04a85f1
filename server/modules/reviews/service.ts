import type { Knex } from 'knex';
import type { ResourceHooks } from '../../admin/engine.ts';
import type { ReviewRow } from '../../db/tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { assertOutletAccess } from '../../lib/outlet-access.ts';
import { runtime } from '../../lib/runtime.ts';
import { istMoment } from '../offers/rules.ts';
import { OUTLET_NOT_FOUND } from '../outlets/service.ts';
import { BOOKED_REFUND_KINDS } from '../payments/schema.ts';
import {
  REVIEW_MESSAGES,
  REVIEW_WINDOW_DAYS,
  type CreateReviewInput,
  type OutletReviews,
  type OutletReviewsInput,
  type OwnerReview,
  type OwnerReviewsInput,
  type ReplyInput,
  type ReportReviewInput,
  type Review,
  type ReviewableReceipt,
  type ReviewSummary,
} from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = REVIEW_WINDOW_DAYS * DAY_MS;

/** "Asha R." from "Asha Rao"; a deleted or unnamed account is "A Bachat shopper". */
export function authorName(name: string | null, deleted: boolean): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (deleted || !words.length) return 'A Bachat shopper';
  const [first, ...rest] = words;
  const last = rest[rest.length - 1];
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first!;
}

type ReviewJoinRow = Pick<ReviewRow, 'id' | 'outletId' | 'consumerId' | 'rating' | 'body' | 'createdAt' | 'ownerReply' | 'ownerRepliedAt' | 'status' | 'reportCount'> & {
  consumerName: string | null;
  consumerDeletedAt: Date | null;
  paidAt: Date;
};

function reviewsQuery(db: Knex) {
  return db('reviews as r')
    .join('consumers as c', 'c.id', 'r.consumerId')
    .join('orders as o', 'o.id', 'r.orderId')
    .select<ReviewJoinRow[]>(
      'r.id',
      'r.outletId',
      'r.consumerId',
      'r.rating',
      'r.body',
      'r.createdAt',
      'r.ownerReply',
      'r.ownerRepliedAt',
      'r.status',
      'r.reportCount',
      'c.name as consumerName',
      'c.deletedAt as consumerDeletedAt',
      'o.paidAt',
    );
}

function reviewOf(r: ReviewJoinRow, viewer: { consumerId?: number; reported?: Set<number> } = {}): Review {
  return {
    id: r.id,
    outletId: r.outletId,
    rating: r.rating,
    body: r.body,
    author: authorName(r.consumerName, r.consumerDeletedAt !== null),
    paidOn: istMoment(r.paidAt).date,
    createdAt: r.createdAt,
    ownerReply: r.ownerReply !== null && r.ownerRepliedAt !== null ? { text: r.ownerReply, repliedAt: r.ownerRepliedAt } : null,
    isMine: viewer.consumerId === r.consumerId,
    reportedByMe: viewer.reported?.has(r.id) ?? false,
  };
}

/**
 * Keeps each shopper's latest published review of the outlet (`r`): a shopper who reviewed three
 * visits counts once, with their latest word (issue 28). No aggregate is stored, so nothing to backfill.
 */
function latestPerShopper(q: Knex.QueryBuilder, db: Knex, alias = 'r'): void {
  q.whereNotExists(
    db('reviews as newer')
      .select(db.raw('1'))
      .whereRaw(
        `newer.outlet_id = ${alias}.outlet_id AND newer.consumer_id = ${alias}.consumer_id AND newer.status = 'published'
         AND (newer.created_at, newer.id) > (${alias}.created_at, ${alias}.id)`,
      ),
  );
}

/** Average (one decimal), count and the 1–5 histogram of an outlet's published reviews, one per shopper (their latest). */
async function summaryOf(db: Knex, outletId: number): Promise<ReviewSummary> {
  const rows = await db('reviews as r')
    .where({ 'r.outletId': outletId, 'r.status': 'published' })
    .modify((q) => latestPerShopper(q, db))
    .groupBy('r.rating')
    .select<{ rating: number; n: number }[]>('r.rating', db.raw('count(*)::int AS n'));
  const histogram: ReviewSummary['histogram'] = [0, 0, 0, 0, 0];
  let count = 0;
  let sum = 0;
  for (const r of rows) {
    histogram[r.rating - 1] = r.n;
    count += r.n;
    sum += r.rating * r.n;
  }
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, histogram };
}

/**
 * The outlet page's reviews: the summary and the newest published reviews, every one from a shopper
 * who paid here. A signed-in viewer also learns which are theirs and which they reported.
 */
export async function listOutletReviews(input: OutletReviewsInput, viewerConsumerId?: number): Promise<OutletReviews> {
  const { db } = runtime();
  if (!(await db('outlets').where({ id: input.outletId, isLive: true }).first('id'))) throw notFound(OUTLET_NOT_FOUND);
  const page = Math.max(input.offSet, 1);
  const published = reviewsQuery(db).where({ 'r.outletId': input.outletId, 'r.status': 'published' });
  latestPerShopper(published, db);
  const [summary, rows] = await Promise.all([
    summaryOf(db, input.outletId),
    published
      .orderBy([
        { column: 'r.createdAt', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ])
      .offset((page - 1) * input.limit)
      .limit(input.limit),
  ]);
  const reported = new Set<number>(
    viewerConsumerId !== undefined && rows.length
      ? (await db('reviewReports').where({ consumerId: viewerConsumerId }).whereIn('reviewId', rows.map((r) => r.id)).select('reviewId')).map((r) => r.reviewId)
      : [],
  );
  return {
    summary,
    items: rows.map((r) => reviewOf(r, { consumerId: viewerConsumerId, reported })),
    totalCount: summary.count,
    offSet: page,
    limit: input.limit,
    hasMore: (page - 1) * input.limit + rows.length < summary.count,
  };
}

type ReceiptRow = { id: number; publicId: string; receiptCode: string | null; paidAt: Date; amountPaise: number };

/** The shopper's paid receipts at the outlet that can still be reviewed (within 30 days, not yet reviewed), newest first. */
/** The order `o` refunded in full by the outlet (its refunds that did not fail add up to what was paid). */
const REFUNDED_IN_FULL = `coalesce((SELECT sum(f.amount_paise) FROM refunds f WHERE f.order_id = o.id AND f.kind IN (${BOOKED_REFUND_KINDS.map((k) => `'${k}'`).join(', ')}) AND f.status <> 'failed'), 0) >= o.amount_paise`;

export async function listReviewableReceipts(consumerId: number, outletId: number): Promise<ReviewableReceipt[]> {
  const { db, now } = runtime();
  const since = new Date(now().getTime() - WINDOW_MS);
  const rows = await db('orders as o')
    .leftJoin('reviews as r', 'r.orderId', 'o.id')
    .where({ 'o.consumerId': consumerId, 'o.outletId': outletId, 'o.status': 'paid' })
    .where('o.paidAt', '>=', since)
    .whereNull('r.id')
    // A bill refunded in full is no visit to review (the outlet's refunds, pending ones too).
    .whereRaw(`NOT (${REFUNDED_IN_FULL})`)
    .orderBy('o.paidAt', 'desc')
    .limit(20)
    .select<ReceiptRow[]>('o.id', 'o.publicId', 'o.receiptCode', 'o.paidAt', 'o.amountPaise');
  return rows.map((r) => ({
    orderId: r.publicId,
    receiptCode: r.receiptCode,
    paidAt: r.paidAt,
    amountPaise: r.amountPaise,
    reviewableUntil: new Date(r.paidAt.getTime() + WINDOW_MS),
  }));
}

/**
 * A verified review: the order must be the shopper's own, paid, and paid at most 30 days ago; one
 * review per order (a second is a 409). The order row is locked, so two taps make one review.
 */
export async function createReview(consumerId: number, input: CreateReviewInput): Promise<Review> {
  const { db, now } = runtime();
  const id = await db.transaction(async (trx) => {
    const order = await trx('orders')
      .where({ publicId: input.orderId, consumerId })
      .forUpdate()
      .first<{ id: number; outletId: number; status: string; paidAt: Date | null } | undefined>('id', 'outletId', 'status', 'paidAt');
    if (!order || order.status !== 'paid' || !order.paidAt) throw forbidden(REVIEW_MESSAGES.noReceipt);
    if (now().getTime() - order.paidAt.getTime() > WINDOW_MS) throw badRequest(REVIEW_MESSAGES.windowOver, { orderId: REVIEW_MESSAGES.windowOver });
    if (await trx('reviews').where({ orderId: order.id }).first('id')) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    const refunded = await trx('orders as o').where('o.id', order.id).whereRaw(REFUNDED_IN_FULL).first('o.id');
    if (refunded) throw badRequest(REVIEW_MESSAGES.refunded, { orderId: REVIEW_MESSAGES.refunded });
    const [row] = await trx('reviews')
      .insert({ outletId: order.outletId, consumerId, orderId: order.id, rating: input.rating, body: input.body, createdAt: now(), updatedAt: now() })
      .returning('id');
    return row!.id;
  });
  const row = await reviewsQuery(db).where('r.id', id).first();
  return reviewOf(row!, { consumerId });
}

/** A shopper reports a published review (once each; not their own). The moderation queue sorts by reports. */
export async function reportReview(consumerId: number, input: ReportReviewInput): Promise<{ reviewId: number; reported: true }> {
  const { db } = runtime();
  await db.transaction(async (trx) => {
    const review = await trx('reviews').where({ id: input.reviewId, status: 'published' }).forUpdate().first('id', 'consumerId');
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    if (review.consumerId === consumerId) throw badRequest(REVIEW_MESSAGES.ownReview);
    const inserted = await trx('reviewReports')
      .insert({ reviewId: input.reviewId, consumerId, reason: input.reason, note: input.note ?? null })
      .onConflict(['reviewId', 'consumerId'])
      .ignore()
      .returning('id');
    if (inserted.length) await trx('reviews').where({ id: input.reviewId }).increment('reportCount', 1);
  });
  return { reviewId: input.reviewId, reported: true };
}

/** The owner's one reply to a review of their outlet (a second is a 409). */
export async function replyToReview(ownerId: number, input: ReplyInput): Promise<OwnerReview> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    const review = await trx('reviews').where({ id: input.reviewId, outletId: input.outletId }).forUpdate().first('id', 'ownerReply');
    if (!review) throw notFound(REVIEW_MESSAGES.notFound);
    if (review.ownerReply !== null) throw conflict(REVIEW_MESSAGES.alreadyReplied);
    await trx('reviews').where({ id: input.reviewId }).update({ ownerReply: input.reply, ownerReplyById: ownerId, ownerRepliedAt: now(), updatedAt: now() });
  });
  const row = await reviewsQuery(db).where('r.id', input.reviewId).first();
  return ownerReviewOf(row!);
}

function ownerReviewOf(r: ReviewJoinRow): OwnerReview {
  return { ...reviewOf(r), status: r.status, reportCount: r.reportCount };
}

/** The owner's list: every review of the outlet (hidden ones marked), newest first; optionally only the unanswered. */
export async function listReviewsForOwner(
  ownerId: number,
  input: OwnerReviewsInput,
): Promise<{ summary: ReviewSummary; items: OwnerReview[]; totalCount: number; offSet: number; limit: number; hasMore: boolean }> {
  await assertOutletAccess(ownerId, input.outletId);
  const { db } = runtime();
  const page = Math.max(input.offSet, 1);
  const scope = (q: Knex.QueryBuilder) => {
    q.where('r.outletId', input.outletId);
    if (input.unanswered) q.whereNull('r.ownerReply');
    return q;
  };
  const [summary, rows, total] = await Promise.all([
    summaryOf(db, input.outletId),
    reviewsQuery(db)
      .modify(scope)
      .orderBy([
        { column: 'r.createdAt', order: 'desc' },
        { column: 'r.id', order: 'desc' },
      ])
      .offset((page - 1) * input.limit)
      .limit(input.limit),
    db('reviews as r').modify(scope).count<{ n: number }[]>({ n: '*' }),
  ]);
  const totalCount = Number(total[0]?.n ?? 0);
  return {
    summary,
    items: rows.map(ownerReviewOf),
    totalCount,
    offSet: page,
    limit: input.limit,
    hasMore: (page - 1) * input.limit + rows.length < totalCount,
  };
}

/**
 * The back office's `reviews` resource (moderation): sales hide or publish a review with a note; who
 * and when is recorded on the row (and in the audit log by the engine).
 */
export const reviewHooks: ResourceHooks = {
  async beforeUpdate(patch, before, { actor }) {
    const changes = patch.status !== undefined && patch.status !== before.status;
    const noted = patch.moderationNote !== undefined && patch.moderationNote !== before.moderationNote;
    if (!changes && !noted) return patch;
    return { ...patch, moderatedById: actor.salesStaffId, moderatedAt: runtime().now() };
  },
};
