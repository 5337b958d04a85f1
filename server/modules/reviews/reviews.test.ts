import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { businessCaller, businessWorld, callerFor, insertConsumer, insertPaidOrder, insertSalesStaff, type BusinessWorld } from '../../test/factories.ts';
import { REVIEW_MESSAGES } from './schema.ts';
import { authorName, createReview, listOutletReviews, listReviewableReceipts, replyToReview, reportReview } from './service.ts';

useTestDatabase();

const NOW = new Date('2026-11-21T07:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

let w: BusinessWorld;
beforeEach(async () => {
  createTestApp({ now: () => NOW });
  w = await businessWorld();
});

const page = { offSet: 1, limit: 10 };

describe('verified reviews', () => {
  it('only a shopper with a paid receipt at the outlet reviews it, once per receipt, within 30 days', async () => {
    createTestApp({ now: () => NOW });
    const asha = await insertConsumer('Asha Rao');
    const ravi = await insertConsumer('Ravi');
    const paid = await insertPaidOrder(w.outletA, { consumerId: asha, paidAt: new Date(NOW.getTime() - 2 * DAY) });
    const old = await insertPaidOrder(w.outletA, { consumerId: asha, paidAt: new Date(NOW.getTime() - 31 * DAY) });

    expect((await listReviewableReceipts(asha, w.outletA)).map((r) => r.orderId)).toEqual([paid.publicId]);
    // Someone else's receipt, an unpaid order, a receipt too old.
    await expect(createReview(ravi, { orderId: paid.publicId, rating: 5, body: 'Great' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.noReceipt });
    await testDb()('orders').where({ id: old.orderId }).update({ status: 'failed' });
    await expect(createReview(asha, { orderId: old.publicId, rating: 5, body: 'Great' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await testDb()('orders').where({ id: old.orderId }).update({ status: 'paid' });
    await expect(createReview(asha, { orderId: old.publicId, rating: 5, body: 'Great' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: REVIEW_MESSAGES.windowOver });

    const review = await createReview(asha, { orderId: paid.publicId, rating: 4, body: 'Crisp dosa, slow service' });
    expect(review).toMatchObject({ rating: 4, author: 'Asha R.', paidOn: '2026-11-19', isMine: true, ownerReply: null });
    await expect(createReview(asha, { orderId: paid.publicId, rating: 1, body: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.alreadyReviewed });
    expect(await testDb()('reviews').count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await listReviewableReceipts(asha, w.outletA)).toEqual([]);
  });

  it('the outlet page shows the average, count and newest reviews; hidden ones leave both', async () => {
    createTestApp({ now: () => NOW });
    const ratings = [5, 4, 4, 2];
    const ids: number[] = [];
    for (const [i, rating] of ratings.entries()) {
      const shopper = await insertConsumer(`Shopper ${i}`);
      const order = await insertPaidOrder(w.outletA, { consumerId: shopper, paidAt: new Date(NOW.getTime() - DAY) });
      createTestApp({ now: () => new Date(NOW.getTime() + i * 60_000) });
      ids.push((await createReview(shopper, { orderId: order.publicId, rating, body: `Visit ${i}` })).id);
    }
    const list = await listOutletReviews({ outletId: w.outletA, ...page });
    expect(list.summary).toEqual({ average: 3.8, count: 4, histogram: [0, 1, 0, 2, 1] });
    expect(list.items.map((r) => r.body)).toEqual(['Visit 3', 'Visit 2', 'Visit 1', 'Visit 0']);
    expect(list.items[0]).toMatchObject({ author: 'Shopper 3.', paidOn: '2026-11-20', isMine: false });
    await testDb()('reviews').where({ id: ids[3] }).update({ status: 'hidden' });
    const after = await listOutletReviews({ outletId: w.outletA, ...page });
    expect(after.summary).toEqual({ average: 4.3, count: 3, histogram: [0, 0, 0, 2, 1] });
    expect(after.items.map((r) => r.id)).not.toContain(ids[3]);
    await expect(listOutletReviews({ outletId: 999_999, ...page })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("one shopper's several reviews of an outlet count once, their latest, in the average, the count and the list (issue 28)", async () => {
    const asha = await insertConsumer('Asha Rao');
    const ravi = await insertConsumer('Ravi Kumar');
    for (const [i, rating] of [1, 2, 5].entries()) {
      const order = await insertPaidOrder(w.outletA, { consumerId: asha, paidAt: new Date(NOW.getTime() - (3 - i) * DAY) });
      createTestApp({ now: () => new Date(NOW.getTime() + i * 60_000) });
      await createReview(asha, { orderId: order.publicId, rating, body: `Visit ${i}` });
    }
    const order = await insertPaidOrder(w.outletA, { consumerId: ravi, paidAt: new Date(NOW.getTime() - DAY) });
    await createReview(ravi, { orderId: order.publicId, rating: 3, body: 'Fine' });
    const list = await listOutletReviews({ outletId: w.outletA, ...page });
    expect(list.summary).toEqual({ average: 4, count: 2, histogram: [0, 0, 1, 0, 1] });
    expect(list.items.map((r) => r.body)).toEqual(['Fine', 'Visit 2']);
    expect(list.totalCount).toBe(2);
    // Her latest hidden by moderation: her previous one speaks for her.
    await testDb()('reviews').where({ body: 'Visit 2' }).update({ status: 'hidden' });
    expect((await listOutletReviews({ outletId: w.outletA, ...page })).summary).toEqual({ average: 2.5, count: 2, histogram: [0, 1, 1, 0, 0] });
  });

  it('the owner replies once; another owner cannot; shoppers report once each, never their own', async () => {
    createTestApp({ now: () => NOW });
    const asha = await insertConsumer('Asha Rao');
    const order = await insertPaidOrder(w.outletA, { consumerId: asha });
    const review = await createReview(asha, { orderId: order.publicId, rating: 2, body: 'Cold food' });

    await expect(replyToReview(w.ownerB, { outletId: w.outletA, reviewId: review.id, reply: 'Sorry' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(replyToReview(w.ownerB, { outletId: w.outletB, reviewId: review.id, reply: 'Sorry' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const replied = await replyToReview(w.ownerA, { outletId: w.outletA, reviewId: review.id, reply: 'Sorry, come back on us' });
    expect(replied.ownerReply).toMatchObject({ text: 'Sorry, come back on us', repliedAt: NOW });
    await expect(replyToReview(w.subA, { outletId: w.outletA, reviewId: review.id, reply: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.alreadyReplied });

    await expect(reportReview(asha, { reviewId: review.id, reason: 'spam' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: REVIEW_MESSAGES.ownReview });
    const ravi = await insertConsumer('Ravi');
    await reportReview(ravi, { reviewId: review.id, reason: 'abusive', note: 'Rude' });
    await reportReview(ravi, { reviewId: review.id, reason: 'abusive' });
    await reportReview(await insertConsumer('Meera'), { reviewId: review.id, reason: 'fake' });
    expect((await testDb()('reviews').where({ id: review.id }).first('reportCount'))!.reportCount).toBe(2);
    expect((await listOutletReviews({ outletId: w.outletA, ...page }, ravi)).items[0]).toMatchObject({ reportedByMe: true, isMine: false });
  });

  it('names authors without their full names', () => {
    expect(authorName('Asha Rao', false)).toBe('Asha R.');
    expect(authorName('  Meera ', false)).toBe('Meera');
    expect(authorName('Asha Rao', true)).toBe('A Bachat shopper');
    expect(authorName(null, false)).toBe('A Bachat shopper');
  });
});

describe('reviews over tRPC and REST', () => {
  it('pay → review → it shows "paid here"; reply and report; moderation hides it', async () => {
    const { request } = createTestApp({ now: () => NOW });
    const asha = await insertConsumer('Asha Rao');
    const order = await insertPaidOrder(w.outletA, { consumerId: asha });
    const shopper = await callerFor(asha);
    expect((await shopper.reviews.eligible({ outletId: w.outletA })).map((r) => r.orderId)).toEqual([order.publicId]);
    const review = await shopper.reviews.create({ orderId: order.publicId, rating: 5, body: 'Best filter coffee' });
    const anon = await (await callerFor()).reviews.list({ outletId: w.outletA });
    expect(anon.items).toEqual([expect.objectContaining({ id: review.id, isMine: false })]);
    await expect((await callerFor()).reviews.create({ orderId: order.publicId, rating: 5, body: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(shopper.reviews.create({ orderId: order.publicId, rating: 6, body: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const owner = await businessCaller(w.ownerA);
    expect((await owner.reviews.forOutlet({ outletId: w.outletA, unanswered: true })).items.map((r) => r.id)).toEqual([review.id]);
    await owner.reviews.reply({ outletId: w.outletA, reviewId: review.id, reply: 'Thank you!' });
    expect((await owner.reviews.forOutlet({ outletId: w.outletA, unanswered: true })).items).toEqual([]);
    await expect((await businessCaller(w.ownerB)).reviews.forOutlet({ outletId: w.outletA })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const pub = await request.get(`/api/outlet/${w.outletA}/reviews`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      summary: { AVERAGE: 5, COUNT: 1, HISTOGRAM: [0, 0, 0, 0, 1] },
      reviews: [{ REVIEW_ID: review.id, RATING: 5, AUTHOR: 'Asha R.', PAID_HERE: true, OWNER_REPLY: { TEXT: 'Thank you!' } }],
    });
    const raviAuth = await bearer('consumer', await insertConsumer('Ravi'));
    expect((await request.post(`/api/user/reviews/${review.id}/report`).set(raviAuth).send({ reason: 'spam' })).body).toEqual({ reviewId: review.id, reported: true });
    expect((await request.post(`/api/user/reviews/${review.id}/report`).set(raviAuth).send({ reason: 'because' })).status).toBe(400);
    const second = await insertPaidOrder(w.outletA, { consumerId: asha });
    const ashaAuth = await bearer('consumer', asha);
    expect((await request.get('/api/user/reviews/eligible').query({ outletId: w.outletA }).set(ashaAuth)).body.receipts).toEqual([
      expect.objectContaining({ ORDER_ID: second.publicId, AMOUNT_PAISE: 9000 }),
    ]);
    const created = await request.post('/api/user/reviews').set(ashaAuth).send({ orderId: second.publicId, rating: '3', body: ' OK ' });
    expect(created.status).toBe(201);
    expect(created.body.review).toMatchObject({ RATING: 3, BODY: 'OK', PAID_HERE: true, IS_MINE: true });
    expect((await request.post('/api/user/reviews').set(ashaAuth).send({ orderId: second.publicId, rating: 3, body: 'x' })).status).toBe(409);
    expect((await request.post(`/api/business/reviews/${review.id}/reply`).set(w.authA).send({ outletId: w.outletA, reply: 'Again' })).status).toBe(409);
    expect((await request.get('/api/business/reviews').query({ outletId: w.outletA }).set(w.authB)).status).toBe(403);

    // Sales hide it in the back office; the outlet page and its average drop it.
    const sales = await insertSalesStaff();
    // The review's updated_at moves with the moderation (the engine's declared model keeps it: issue 29).
    await testDb()('reviews').where({ id: review.id }).update({ updatedAt: new Date('2026-01-01T00:00:00Z') });
    const hidden = await request.put(`/api/admin/reviews/${review.id}`).set(sales.auth).send({ status: 'hidden', moderationNote: 'Reported as spam' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ status: 'hidden', moderationNote: 'Reported as spam', moderatedById: sales.id });
    expect((await testDb()('reviews').where({ id: review.id }).first('updatedAt'))!.updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    expect((await request.get(`/api/outlet/${w.outletA}/reviews`)).body.summary).toEqual({ AVERAGE: 3, COUNT: 1, HISTOGRAM: [0, 0, 1, 0, 0] });
    const queue = await request.get('/api/admin/reviews').query({ sort: JSON.stringify(['reportCount', 'DESC']), range: '[0,9]', filter: '{}' }).set(sales.auth);
    expect(queue.body[0]).toMatchObject({ id: review.id, reportCount: 1 });
  });
});
