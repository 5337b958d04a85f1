import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, type createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { hashPhone } from '../../lib/crypto.ts';
import { shopperApp } from '../../test/factories.ts';
import { PROFILE_PICTURE_MAX_BYTES } from './schema.ts';

useTestDatabase();

let consumerId: number;
let auth: { Authorization: string };
let app: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  ({ app, consumerId, auth } = await shopperApp());
});

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } }).png().toBuffer();

describe('GET /api/user/getCurrentUser', () => {
  it('needs a shopper session', async () => {
    expect((await app.request.get('/api/user/getCurrentUser')).status).toBe(401);
    const owner = await testDb()('businessOwners')
      .insert({ username: 'o', passwordHash: 'x', name: 'O', phoneNumber: '9000000000', isMaster: true })
      .returning('id');
    const ownerAuth = await bearer('business', owner[0]!.id);
    expect((await app.request.get('/api/user/getCurrentUser').set(ownerAuth)).status).toBe(401);
  });

  it('returns userDetails with the Golden Key balance as the ledger sum', async () => {
    await testDb()('goldenKeyLedger').insert([
      { consumerId, delta: 2, reason: 'referral_bonus' },
      { consumerId, delta: 3, reason: 'adjustment' },
      { consumerId, delta: -1, reason: 'shuffle_purchase' },
    ]);
    const res = await app.request.get('/api/user/getCurrentUser').set(auth);
    expect(res.body).toEqual({
      userDetails: {
        USER_ID: consumerId,
        NAME: 'Asha Rao',
        EMAIL: 'asha@example.in',
        PHONE_NUMBER: '9876543210',
        PROFILE_PIC_URL: null,
        GOLD_KEYS: 4,
        REFERRAL_CODE: 'ME543210',
        LANGUAGE: 'en',
      },
    });
  });
});

describe('PUT /api/user/language', () => {
  it("stores the shopper's language and answers with the user; refuses a bad one (in the request's language) and strangers", async () => {
    const res = await app.request.put('/api/user/language').set(auth).send({ language: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body.userDetails).toMatchObject({ USER_ID: consumerId, LANGUAGE: 'hi' });
    const bad = await app.request.put('/api/user/language').set(auth).send({ language: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose English (en) or Hindi (hi)');
    const badHindi = await app.request.put('/api/user/language').set(auth).set('Accept-Language', 'hi-IN,hi;q=0.9').send({ language: 'xx' });
    expect(badHindi.status).toBe(400);
    expect(badHindi.body.message).toMatch(/[\u0900-\u097F]/);
    expect(await testDb()('consumers').where({ id: consumerId }).first('language')).toEqual({ language: 'hi' });
    expect((await app.request.put('/api/user/language').send({ language: 'en' })).status).toBe(401);
  });
});

describe('POST /api/user/edit-profile (multipart)', () => {
  it('updates name and email and stores the picture as resized WebP', async () => {
    const res = await app.request
      .post('/api/user/edit-profile')
      .set(auth)
      .field('name', '  Asha R.  ')
      .field('email', 'asha.r@example.in')
      .attach('profilePic', await png(1600, 900), { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.userDetails).toMatchObject({ NAME: 'Asha R.', EMAIL: 'asha.r@example.in' });
    const url: string = res.body.userDetails.PROFILE_PIC_URL;
    expect(url).toMatch(/^\/uploads\/consumers\/\d+\/avatar-[0-9a-f]+-512\.webp$/);
    const served = await app.request.get(url);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const small = await app.request.get(url.replace('-512.webp', '-128.webp'));
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(128);
  });

  it('deletes the old picture when a new one is uploaded', async () => {
    const first = await app.request
      .post('/api/user/edit-profile')
      .set(auth)
      .field('name', 'Asha')
      .field('email', 'asha@example.in')
      .attach('profilePic', await png(), 'a.png');
    const oldUrl: string = first.body.userDetails.PROFILE_PIC_URL;
    const second = await app.request
      .post('/api/user/edit-profile')
      .set(auth)
      .field('name', 'Asha')
      .field('email', 'asha@example.in')
      .attach('picture', await png(300, 300), 'b.png');
    expect(second.status).toBe(200);
    expect(second.body.userDetails.PROFILE_PIC_URL).not.toBe(oldUrl);
    expect((await app.request.get(oldUrl)).status).toBe(404);
    expect((await app.request.get(oldUrl.replace('-512.webp', '-128.webp'))).status).toBe(404);
  });

  it('keeps the picture when none is sent (JSON or multipart without a file)', async () => {
    const res = await app.request.post('/api/user/edit-profile').set(auth).send({ name: 'Asha K', email: 'k@example.in' });
    expect(res.status).toBe(200);
    expect(res.body.userDetails).toMatchObject({ NAME: 'Asha K', PROFILE_PIC_URL: null });
  });

  it.each([
    ['a file that is not an image', () => Promise.resolve(Buffer.from('<svg onload="alert(1)"></svg>')), 'not a picture'],
    ['a truncated image', async () => (await png()).subarray(0, 60), 'picture'],
  ])('refuses %s with a clear 400 and changes nothing', async (_label, make, reason) => {
    const res = await app.request
      .post('/api/user/edit-profile')
      .set(auth)
      .field('name', 'Changed')
      .field('email', 'changed@example.in')
      .attach('profilePic', await make(), { filename: 'x.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Failed to update profile: /);
    expect(res.body.message).toContain(reason);
    expect(res.body.errors.picture).toContain(reason);
    expect(await testDb()('consumers').where({ id: consumerId }).first('name', 'email', 'profilePicKey')).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      profilePicKey: null,
    });
  });

  it(`refuses a picture over ${PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)]);
    const res = await app.request
      .post('/api/user/edit-profile')
      .set(auth)
      .field('name', 'Changed')
      .field('email', 'changed@example.in')
      .attach('profilePic', big, 'big.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Failed to update profile: the file is too large (at most 5 MB)');
    expect(await testDb()('consumers').where({ id: consumerId }).first('name')).toEqual({ name: 'Asha Rao' });
  });

  it('validates name and email with the spec texts', async () => {
    const res = await app.request.post('/api/user/edit-profile').set(auth).field('name', '').field('email', 'nope');
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ name: 'Name is required', email: 'Invalid email address' });
  });

  it('needs a session before reading the upload', async () => {
    const res = await app.request.post('/api/user/edit-profile').field('name', 'x').attach('profilePic', await png(), 'a.png');
    expect(res.status).toBe(401);
  });
});

describe('GET/PUT /api/user/settings', () => {
  const ALL_TRUE = {
    ENABLE_ALL: 'true',
    EMAIL_NEW_COUPON_ALERTS: 'true',
    EMAIL_EXPIRING_COUPONS: 'true',
    EMAIL_WEEKLY_DEALS_DIGEST: 'true',
    PUSH_DAILY_DEAL_NOTIFICATIONS: 'true',
    PUSH_NEARBY_OFFERS: 'true',
    PUSH_LAST_MINUTE_FLASH_SALES: 'true',
    SMS_ALERTS: 'true',
  };

  it('returns the documented upper-case keys with "true"/"false" strings', async () => {
    const res = await app.request.get('/api/user/settings').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ALL_TRUE);
  });

  it('flips one flag alone, which clears the derived ENABLE_ALL', async () => {
    const res = await app.request.put('/api/user/settings').set(auth).send({ smsAlerts: 'false' });
    expect(res.body).toEqual({ ...ALL_TRUE, SMS_ALERTS: 'false', ENABLE_ALL: 'false' });
  });

  it('ENABLE_ALL sets all seven, and a whole-object PUT with one flag flipped changes only that flag', async () => {
    const off = await app.request.put('/api/user/settings').set(auth).send({ enableAll: 'false' });
    expect(Object.values(off.body).every((v) => v === 'false')).toBe(true);
    const on = await app.request.put('/api/user/settings').set(auth).send({ enableAll: true });
    expect(on.body).toEqual(ALL_TRUE);
    const whole = await app.request.put('/api/user/settings').set(auth).send({
      enableAll: 'true',
      emailNewCouponAlerts: 'true',
      emailExpiringCoupons: 'true',
      emailWeeklyDealsDigest: 'true',
      pushDailyDealNotifications: 'true',
      pushNearbyOffers: 'false',
      pushLastMinuteFlashSales: 'true',
      smsAlerts: 'true',
    });
    expect(whole.body).toEqual({ ...ALL_TRUE, ENABLE_ALL: 'false', PUSH_NEARBY_OFFERS: 'false' });
  });

  it('refuses unknown fields and non-boolean values', async () => {
    expect((await app.request.put('/api/user/settings').set(auth).send({ smsAlerts: 'yes' })).status).toBe(400);
    expect((await app.request.put('/api/user/settings').set(auth).send({ marketing: 'true' })).status).toBe(400);
  });
});

describe('DELETE /api/user/delete', () => {
  it('ends every session, clears personal data, keeps phone_hash and orders', async () => {
    const other = await bearer('consumer', consumerId);
    await testDb()('searchHistory').insert({ consumerId, query: 'biryani' });
    await testDb()('goldenKeyLedger').insert({ consumerId, delta: 3, reason: 'adjustment' });
    const res = await app.request.delete('/api/user/delete').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    for (const a of [auth, other]) {
      expect((await app.request.get('/api/user/getCurrentUser').set(a)).status).toBe(401);
      expect((await app.request.get('/trpc/users.me').set(a)).status).toBe(401);
    }
    const row = await testDb()('consumers').where({ id: consumerId }).first();
    expect(row).toMatchObject({
      phoneNumber: null,
      name: null,
      email: null,
      profilePicKey: null,
      phoneHash: hashPhone(TEST_SECRET, '9876543210'),
    });
    expect(row!.deletedAt).toBeTruthy();
    expect(await testDb()('consumerSettings').where({ consumerId }).first()).toBeUndefined();
    expect(await testDb()('searchHistory').where({ consumerId }).first()).toBeUndefined();
    // The ledger stays append-only; the balance is zeroed by an adjustment.
    expect(await testDb()('goldenKeyLedger').where({ consumerId }).sum({ s: 'delta' }).first()).toEqual({ s: 0 });
  });
});

describe('POST /api/user/help-and-support', () => {
  const body = { name: 'Asha Rao', email: 'asha@example.in', subject: 'Coupon', message: 'My coupon did not apply.' };

  it('stores the ticket and answers success', async () => {
    const res = await app.request.post('/api/user/help-and-support').set(auth).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ticketId: expect.any(Number) });
    expect(await testDb()('supportTickets').first()).toMatchObject({ consumerId, subject: 'Coupon', status: 'open' });
  });

  it('validates, needs a session and limits tickets per hour', async () => {
    expect((await app.request.post('/api/user/help-and-support').send(body)).status).toBe(401);
    const bad = await app.request.post('/api/user/help-and-support').set(auth).send({ ...body, message: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.message).toBe('Message is required');
    for (let i = 0; i < 5; i++) expect((await app.request.post('/api/user/help-and-support').set(auth).send(body)).status).toBe(200);
    expect((await app.request.post('/api/user/help-and-support').set(auth).send(body)).status).toBe(429);
  });
});

describe('GET /api/user/referrals', () => {
  it('gives the code, the share path and the balance', async () => {
    const res = await app.request.get('/api/user/referrals').set(auth);
    expect(res.body).toMatchObject({
      REFERRAL_CODE: 'ME543210',
      SHARE_PATH: '/signup?referal=ME543210',
      REFERRED_COUNT: 0,
      GOLD_KEYS: 0,
      recent: [],
    });
  });
});
