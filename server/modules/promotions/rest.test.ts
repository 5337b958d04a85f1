import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { type createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { type BusinessWorld, FUTURE_DATE, png, businessApp } from '../../test/factories.ts';
import { PROMOTION_MESSAGES } from './schema.ts';

useTestDatabase();

let w: BusinessWorld;
let app: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  ({ app, w } = await businessApp()); // Monday 12:30 IST
});

const files = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.webp')) : []);

describe('promotion organizer over REST', () => {
  it('PUT /business/v1/timeSlots: overlapping → 400 with the field; valid → timeSlotRes; POST reads it back', async () => {
    const bad = await app.request
      .put('/api/business/v1/timeSlots')
      .set(w.authA)
      .send({
        adType: 'R',
        outletId: w.outletA,
        day: 'monday',
        timeSlots: [
          { startTime: '12:00', endTime: '15:00', discountPercent: 10 },
          { startTime: '14:00', endTime: '16:00', discountPercent: 10 },
        ],
      });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: PROMOTION_MESSAGES.overlap, errors: { 'timeSlots.1.startTime': PROMOTION_MESSAGES.overlap } });
    const inverted = await app.request
      .put('/api/business/v1/timeSlots')
      .set(w.authA)
      .send({ adType: 'R', outletId: w.outletA, day: 'monday', timeSlots: [{ startTime: '15:00', endTime: '12:00', discountPercent: 10 }] });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors['timeSlots.0.endTime']).toBe(PROMOTION_MESSAGES.inverted);

    const ok = await app.request
      .put('/api/business/v1/timeSlots')
      .set(w.authA)
      .send({ adType: 'D', outletId: w.outletA, day: 'monday', date: null, timeSlots: [{ startTime: '12:00', endTime: '13:00', discountPercent: '20' }] });
    expect(ok.status).toBe(200);
    expect(ok.body.timeSlotRes).toEqual([
      expect.objectContaining({ AD_TYPE: 'D', DAY: 'monday', START_TIME: '12:00', END_TIME: '13:00', DISCOUNT_PERCENT: 20, ENABLED_STATUS: 'true' }),
    ]);
    const read = await app.request.post('/api/business/v1/timeSlots').set(w.authA).send({ adType: 'D', outletId: w.outletA, day: 'monday' });
    expect(read.body.timeSlotRes).toHaveLength(1);
    // Shoppers see it on the outlet page's upcoming offers, live now.
    const upcoming = await app.request.get(`/api/adv/upcoming-offers/${w.outletA}?day=today`);
    expect(JSON.stringify(upcoming.body)).toContain('"live"');
  });

  it('/business/go/events/create and /modify with the legacy eventBody; DELETE removes it', async () => {
    const created = await app.request
      .post('/api/business/go/events/create')
      .set(w.authA)
      .send({ outletId: w.outletA, adType: 'E', eventBody: { EVENT_NAME: 'Christmas', DATE: FUTURE_DATE, COLOR_HASH: '#aa0000', ENABLED_STATUS: 'true' } });
    expect(created.status).toBe(201);
    expect(created.body.event).toEqual({
      EVENT_ID: expect.any(Number),
      OUTLET_ID: w.outletA,
      EVENT_NAME: 'Christmas',
      DATE: FUTURE_DATE,
      DAY: 'thursday',
      COLOR_HASH: '#AA0000',
      ENABLED_STATUS: 'true',
    });
    const id = created.body.event.EVENT_ID;
    const modified = await app.request
      .put('/api/business/go/events/modify')
      .set(w.authA)
      .send({ outletId: w.outletA, adType: 'E', eventBody: { EVENT_ID: id, ENABLED_STATUS: 'false' } });
    expect(modified.body.event.ENABLED_STATUS).toBe('false');
    const list = await app.request.get('/api/business/go/events').query({ outletId: w.outletA }).set(w.authA);
    expect(list.body.events).toHaveLength(1);
    const deleted = await app.request.delete('/api/business/go/events').set(w.authA).send({ outletId: w.outletA, eventBody: { EVENT_ID: id } });
    expect(deleted.status).toBe(200);
    expect(await testDb()('promotionEvents')).toHaveLength(0);
  });

  it('/adv/create (multipart) stores a re-encoded image; a spoofed image is 400 and stores nothing', async () => {
    const uploads = path.join(app.dataDir, 'uploads');
    const ok = await app.request
      .post('/api/adv/create')
      .set(w.authA)
      .field('outletId', String(w.outletA))
      .field('adType', 'R')
      .field('title', 'Weekend brunch')
      .field('discountPercent', '15')
      .attach('image', await png(800, 400), { filename: 'brunch.png', contentType: 'image/png' });
    expect(ok.status).toBe(201);
    expect(ok.body.advertisement).toMatchObject({ AD_TYPE: 'R', TITLE: 'Weekend brunch', DISCOUNT_PERCENT: 15, IMAGE_URL: expect.stringMatching(/^\/uploads\/outlets\/\d+\/ads\/.+\.webp$/) });
    const stored = files(uploads).length;
    expect(stored).toBe(3);

    const spoofed = await app.request
      .post('/api/adv/create')
      .set(w.authA)
      .field('outletId', String(w.outletA))
      .field('adType', 'R')
      .field('title', 'Evil')
      .attach('image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { filename: 'x.png', contentType: 'image/png' });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.errors.image).toEqual(expect.any(String));
    expect(files(uploads).length).toBe(stored);
    expect(await testDb()('promotions').where({ title: 'Evil' })).toHaveLength(0);

    const list = await app.request.get('/api/adv').query({ outletId: w.outletA, offset: 0, limit: 1000 }).set(w.authA);
    expect(list.body.advertisements.map((a: { TITLE: string }) => a.TITLE)).toEqual(['Weekend brunch']);
    const del = await app.request.post('/api/adv/delete').set(w.authA).send({ outletId: w.outletA, advId: ok.body.advertisement.ADV_ID, adType: 'R' });
    expect(del.status).toBe(200);
  });

  it('/adv/edit (multipart) adds a picture to an ad, replaces it and removes the old files; a spoofed one changes nothing', async () => {
    const uploads = path.join(app.dataDir, 'uploads');
    const created = await app.request.post('/api/adv/create').set(w.authA).send({ outletId: w.outletA, adType: 'R', title: 'Thali Tuesday', discountPercent: 10 });
    expect(created.status).toBe(201);
    const advId = created.body.advertisement.ADV_ID as number;
    expect(created.body.advertisement.IMAGE_URL).toBeNull();
    const edit = async (image: Buffer, filename: string) =>
      app.request
        .post('/api/adv/edit')
        .set(w.authA)
        .field('outletId', String(w.outletA))
        .field('advId', String(advId))
        .attach('image', image, { filename, contentType: 'image/png' });

    const first = await edit(await png(640, 320), 'thali.png');
    expect(first.status).toBe(200);
    expect(first.body.advertisement).toMatchObject({ ADV_ID: advId, TITLE: 'Thali Tuesday', DISCOUNT_PERCENT: 10, IMAGE_URL: expect.stringMatching(/\.webp$/) });
    const firstFiles = files(uploads);
    expect(firstFiles.length).toBeGreaterThan(0);

    const second = await edit(await png(800, 400), 'thali-2.png');
    expect(second.status).toBe(200);
    expect(second.body.advertisement.IMAGE_URL).not.toBe(first.body.advertisement.IMAGE_URL);
    const secondFiles = files(uploads);
    expect(secondFiles).toHaveLength(firstFiles.length);
    expect(secondFiles.filter((f) => firstFiles.includes(f))).toEqual([]);

    const spoofed = await edit(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png');
    expect(spoofed.status).toBe(400);
    expect(files(uploads)).toEqual(secondFiles);
    const list = await app.request.get('/api/adv').query({ outletId: w.outletA, offset: 0, limit: 1000 }).set(w.authA);
    expect(list.body.advertisements.find((a: { ADV_ID: number }) => a.ADV_ID === advId).IMAGE_URL).toBe(second.body.advertisement.IMAGE_URL);

    // Another owner cannot put a picture on this ad.
    const intruder = await app.request
      .post('/api/adv/edit')
      .set(w.authB)
      .field('outletId', String(w.outletA))
      .field('advId', String(advId))
      .attach('image', await png(640, 320), { filename: 'mine.png', contentType: 'image/png' });
    expect([403, 404]).toContain(intruder.status);
    expect(files(uploads)).toEqual(secondFiles);
  });

  it('/adv/highlight and /adv/highlight/edit with advObj; /adv/schedule and the live list', async () => {
    const h = await app.request.post('/api/adv/highlight').set(w.authA).send({ outletId: w.outletA, adType: 'Highlight', advObj: { title: 'Live music Fridays' } });
    expect(h.status).toBe(201);
    const edit = await app.request
      .put('/api/adv/highlight/edit')
      .set(w.authA)
      .send({ outletId: w.outletA, adType: 'Highlight', advObj: { advId: h.body.advertisement.ADV_ID, title: 'Live music every Friday' } });
    expect(edit.body.advertisement.TITLE).toBe('Live music every Friday');
    const ad = await app.request.post('/api/adv/create').set(w.authA).send({ outletId: w.outletA, adType: 'D', title: 'Lunch rush', discountPercent: 25 });
    const scheduled = await app.request
      .post('/api/adv/schedule')
      .set(w.authA)
      .send({ outletId: w.outletA, advId: ad.body.advertisement.ADV_ID, day: 'monday', startTime: '12:00', endTime: '13:00' });
    expect(scheduled.status).toBe(201);
    const live = await app.request.get('/api/adv/liveAndScheduled').query({ outletId: w.outletA }).set(w.authA);
    expect(live.body.advLiveAndSched.LIVE).toMatchObject({ SOURCE: 'daily', DISCOUNT_PERCENT: 25 });
  });
});
