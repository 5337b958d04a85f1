import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createContextInner } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { resolveSession } from '../sessions/service.ts';
import { insertCategory, insertCity, insertOutlet, insertOwner, insertSalesStaff, insertShopper, OWNER_PASSWORD } from '../../test/factories.ts';
import { INVALID_LOGIN, LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS } from './service.ts';

useTestDatabase();

let refs: { categoryId: number; cityId: number };
beforeEach(async () => {
  createTestApp();
  refs = { categoryId: await insertCategory(), cityId: await insertCity() };
});

describe('POST /api/onboarding/bo/login', () => {
  it("lists a sub-account's grants only while its master still owns the outlet", async () => {
    const masterId = await insertOwner({ username: 'master.one' });
    const stillOwned = await insertOutlet(refs, { name: 'Still Owned', ownerId: masterId });
    const givenUp = await insertOutlet(refs, { name: 'Given Up', ownerId: null });
    const subId = await insertOwner({ username: 'sub.one', isMaster: false, masterId });
    await testDb()('businessOwnerOutlets').insert([
      { businessOwnerId: subId, outletId: stillOwned },
      { businessOwnerId: subId, outletId: givenUp },
    ]);
    const { request } = createTestApp();

    const res = await request.post('/api/onboarding/bo/login').send({ username: 'sub.one', password: OWNER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.outletDetails.map((o: { OUTLET_ID: number }) => o.OUTLET_ID)).toEqual([stillOwned]);
  });

  it('an owner created in the back office logs in and gets its outlet in outletDetails', async () => {
    const { auth } = await insertSalesStaff();
    const { request } = createTestApp();
    const outlet = await request
      .post('/api/admin/outlets')
      .set(auth)
      .send({
        name: 'Udupi Upahar',
        categoryId: refs.categoryId,
        cityId: refs.cityId,
        addressLineOne: '7, 100 Feet Road',
        addressLineTwo: 'HAL 2nd Stage',
        state: 'Karnataka',
        pincode: '560038',
        latitude: 12.97,
        longitude: 77.64,
        opensAt: '07:00',
        closesAt: '22:30',
      });
    const owner = await request
      .post('/api/admin/business-owners')
      .set(auth)
      .send({
        username: 'udupi.upahar',
        password: 'Upahar@2026',
        name: 'Shankar Bhat',
        phoneNumber: '9845098450',
        pan: 'abcpb1234k',
        designation: 'Proprietor',
        isMaster: true,
        outletIds: [outlet.body.id],
      });
    expect(owner.status).toBe(201);

    const res = await request.post('/api/onboarding/bo/login').send({ username: 'Udupi.Upahar', password: 'Upahar@2026' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      businessOwnerDetails: {
        BO_ID: owner.body.id,
        PHONE_NUMBER: '9845098450',
        USERNAME: 'udupi.upahar',
        PAN: 'ABCPB1234K',
        DESIGNATION: 'Proprietor',
        IS_MASTER: 'true',
        MASTER_ID: null,
        LANGUAGE: 'en',
      },
      outletDetails: [{ OUTLET_ID: outlet.body.id, NAME: 'Udupi Upahar', ADDRESS_LINE_TWO: 'HAL 2nd Stage' }],
    });
    const principal = await resolveSession(res.body.accessToken);
    expect(principal).toMatchObject({ kind: 'business', businessOwnerId: owner.body.id });
    expect(JSON.stringify(await testDb()('sessions').select('*'))).not.toContain(res.body.accessToken);
  });

  it('a sub-account sees only the outlets granted to it', async () => {
    const masterId = await insertOwner();
    const a = await insertOutlet(refs, { ownerId: masterId, name: 'A' });
    await insertOutlet(refs, { ownerId: masterId, name: 'B' });
    const subId = await insertOwner({ username: 'sub', isMaster: false, masterId });
    await testDb()('businessOwnerOutlets').insert({ businessOwnerId: subId, outletId: a, grantedById: masterId });
    const { request } = createTestApp();
    const sub = await request.post('/api/onboarding/bo/login').send({ username: 'sub', password: OWNER_PASSWORD });
    expect(sub.body.businessOwnerDetails).toMatchObject({ IS_MASTER: 'false', MASTER_ID: masterId });
    expect(sub.body.outletDetails.map((o: { NAME: string }) => o.NAME)).toEqual(['A']);
    const master = await request.post('/api/onboarding/bo/login').send({ username: 'owner0', password: OWNER_PASSWORD });
    expect(master.body.outletDetails.map((o: { NAME: string }) => o.NAME)).toEqual(['A', 'B']);
  });

  it('a wrong password, an unknown username and a disabled account get the same text, in message and error', async () => {
    await insertOwner({ username: 'ravi' });
    await insertOwner({ username: 'off', isActive: false });
    const { request } = createTestApp();
    const wrong = await request.post('/api/onboarding/bo/login').send({ username: 'ravi', password: 'nope' });
    const unknown = await request.post('/api/onboarding/bo/login').send({ username: 'ghost', password: 'nope' });
    const disabled = await request.post('/api/onboarding/bo/login').send({ username: 'off', password: OWNER_PASSWORD });
    for (const res of [wrong, unknown, disabled]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: INVALID_LOGIN, error: INVALID_LOGIN });
    }
    expect(INVALID_LOGIN).toBe('Invalid username or password');
    expect(await testDb()('sessions').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('a web session lasts a day, an app (isApk) session a year', async () => {
    await insertOwner({ username: 'ravi' });
    const { request } = createTestApp();
    await request.post('/api/onboarding/bo/login').send({ username: 'ravi', password: OWNER_PASSWORD });
    await request.post('/api/onboarding/bo/login').send({ username: 'ravi', password: OWNER_PASSWORD, isApk: true });
    const days = (await testDb()('sessions').orderBy('id').select('createdAt', 'expiresAt', 'isApp')).map((s) => [
      s.isApp,
      Math.round((new Date(s.expiresAt).getTime() - new Date(s.createdAt).getTime()) / 86_400_000),
    ]);
    expect(days).toEqual([
      [false, 1],
      [true, 365],
    ]);
  });

  it('a missing field is a 400 naming it', async () => {
    const res = await createTestApp().request.post('/api/onboarding/bo/login').send({ username: 'ravi' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Password is required', error: 'Password is required', errors: { password: 'Password is required' } });
  });

  it(`${MAX_FAILED_LOGINS} wrong passwords slow down that client, not the owner: across two app instances`, async () => {
    const ownerId = await insertOwner({ username: 'demo.staff' });
    let now = new Date('2026-11-21T10:00:00Z');
    // Two apps over one database stand for two server processes: neither keeps the count in memory.
    // Both trust one proxy hop (TRUST_PROXY=1), so X-Forwarded-For lets one test machine stand for two clients.
    const behindProxy = { TRUST_PROXY: '1' };
    const apps = [createTestApp({ now: () => now, envOverrides: behindProxy }), createTestApp({ now: () => now, envOverrides: behindProxy })];
    const [one, two] = apps.map((a) => a.request);
    const from = (ip: string, i = 0) => (i % 2 ? two! : one!).post('/api/onboarding/bo/login').set('X-Forwarded-For', ip);
    const strangerIp = '198.51.100.23';
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      const res = await from(strangerIp, i).send({ username: 'demo.staff', password: `bad${i}` });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: INVALID_LOGIN, error: INVALID_LOGIN });
    }
    const throttled = await from(strangerIp).send({ username: 'demo.staff', password: OWNER_PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ message: LOCKED_OUT, error: LOCKED_OUT });
    expect(Number(throttled.headers['retry-after'])).toBe(LOCK_MINUTES * 60);

    // The owner, from their own network, is not locked out.
    const owner = await from('203.0.113.5', 1).send({ username: 'demo.staff', password: OWNER_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.businessOwnerDetails.BO_ID).toBe(ownerId);

    now = new Date(now.getTime() + LOCK_MINUTES * 60_000 - 1000);
    expect((await from(strangerIp, 1).send({ username: 'demo.staff', password: OWNER_PASSWORD })).status).toBe(429);
    now = new Date(now.getTime() + 1000);
    expect((await from(strangerIp, 1).send({ username: 'demo.staff', password: OWNER_PASSWORD })).status).toBe(200);
  });

  it('logout revokes the business token; a shopper or sales token cannot log out a business session', async () => {
    await insertOwner({ username: 'ravi' });
    const { request } = createTestApp();
    const { accessToken } = (await request.post('/api/onboarding/bo/login').send({ username: 'ravi', password: OWNER_PASSWORD })).body;
    const auth = { Authorization: `Bearer ${accessToken}` };
    const out = await request.post('/api/onboarding/bo/logout').set(auth);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true });
    expect(await resolveSession(accessToken)).toBeNull();
    expect((await request.post('/api/onboarding/bo/logout').set(auth)).status).toBe(401);
    const sales = await insertSalesStaff();
    expect((await request.post('/api/onboarding/bo/logout').set(sales.auth)).status).toBe(401);
  });
});

describe('businessAuth (tRPC)', () => {
  it('login returns camelCase identity and outlets; logout needs the business session', async () => {
    const ownerId = await insertOwner({ username: 'ravi', designation: 'Owner' });
    const outletId = await insertOutlet(refs, { ownerId, name: 'Kaapi Katte' });
    const caller = createCaller(createContextInner());
    const result = await caller.businessAuth.login({ username: 'RAVI', password: OWNER_PASSWORD });
    expect(result).toEqual({
      accessToken: expect.any(String),
      expiresAt: expect.any(Date),
      businessOwner: {
        id: ownerId,
        username: 'ravi',
        name: 'Ravi Kumar',
        phoneNumber: '9845012345',
        pan: null,
        designation: 'Owner',
        isMaster: true,
        masterId: null,
        language: 'en',
      },
      outlets: [{ id: outletId, name: 'Kaapi Katte', addressLineTwo: 'Koramangala' }],
    });
    await expect(caller.businessAuth.login({ username: 'ravi', password: 'x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: INVALID_LOGIN,
    });
    await expect(caller.businessAuth.logout()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const principal = await resolveSession(result.accessToken!);
    const signedIn = createCaller(createContextInner({ principal }));
    await expect(signedIn.businessAuth.logout()).resolves.toEqual({ success: true });
    expect(await resolveSession(result.accessToken!)).toBeNull();
  });
});

describe("an owner's console language (docs/i18n.md)", () => {
  it('businessAuth.setLanguage stores it on the signed-in account and the next login returns it', async () => {
    const ownerId = await insertOwner({ username: 'meera' });
    const caller = createCaller(createContextInner());
    const { accessToken } = await caller.businessAuth.login({ username: 'meera', password: OWNER_PASSWORD });
    const signedIn = createCaller(createContextInner({ principal: await resolveSession(accessToken!) }));
    await expect(signedIn.businessAuth.setLanguage({ language: 'hi' })).resolves.toEqual({ language: 'hi' });
    expect(await testDb()('businessOwners').where({ id: ownerId }).first('language')).toEqual({ language: 'hi' });
    expect((await caller.businessAuth.login({ username: 'meera', password: OWNER_PASSWORD })).businessOwner.language).toBe('hi');
    await expect(caller.businessAuth.setLanguage({ language: 'en' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('PUT /api/business/language: the owner only; a bad language is a 400; a wrong login answers in Hindi when asked', async () => {
    const ownerId = await insertOwner({ username: 'meera' });
    const { request } = createTestApp();
    const login = await request.post('/api/onboarding/bo/login').send({ username: 'meera', password: OWNER_PASSWORD });
    const token = { Authorization: `Bearer ${login.body.accessToken}` };
    const res = await request.put('/api/business/language').set(token).send({ language: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'hi' });
    expect((await request.put('/api/business/language').set(token).send({ language: 'de' })).status).toBe(400);
    expect((await request.put('/api/business/language').send({ language: 'hi' })).status).toBe(401);
    const shopper = await bearer('consumer', await insertShopper(testDb(), TEST_SECRET));
    expect((await request.put('/api/business/language').set(shopper).send({ language: 'hi' })).status).toBe(401);
    expect(await testDb()('businessOwners').where({ id: ownerId }).first('language')).toEqual({ language: 'hi' });

    const wrong = await request.post('/api/onboarding/bo/login').set('Accept-Language', 'hi').send({ username: 'meera', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/[\u0900-\u097F]/);
    const english = await request.post('/api/onboarding/bo/login').send({ username: 'meera', password: 'nope' });
    expect(english.body.message).toBe(INVALID_LOGIN);
  });
});

describe('businessAuth.login throttling (tRPC)', () => {
  it('throttles by the caller IP: another IP still logs in', async () => {
    await insertOwner({ username: 'demo.staff' });
    const stranger = createCaller(createContextInner({ ip: '198.51.100.23' }));
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      await expect(stranger.businessAuth.login({ username: 'demo.staff', password: 'bad' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    await expect(stranger.businessAuth.login({ username: 'demo.staff', password: OWNER_PASSWORD })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: LOCKED_OUT,
    });
    const owner = createCaller(createContextInner({ ip: '203.0.113.5' }));
    await expect(owner.businessAuth.login({ username: 'demo.staff', password: OWNER_PASSWORD })).resolves.toMatchObject({
      businessOwner: { username: 'demo.staff' },
    });
  });
});
