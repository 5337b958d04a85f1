import { Writable } from 'node:stream';
import knexFactory, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { knexConfig } from '../../../knexfile.ts';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createLogger } from '../../lib/logger.ts';
import { AUTH_MESSAGES, OTP_RULES } from './schema.ts';
import { fakeSms, wrongCode } from '../../test/fake-sms.ts';
import { insertShopper } from '../../test/factories.ts';

useTestDatabase();

const PHONE = '9876543210';
const signupBody = (phoneNumber = PHONE) => ({ phoneNumber, name: 'Asha Rao', email: 'asha@example.in', isApk: 'false' });

/** tRPC's batch wire format for one procedure called with several inputs. */
function batch(procedure: string, inputs: unknown[]) {
  const path = `/trpc/${Array(inputs.length).fill(procedure).join(',')}?batch=1`;
  const body = Object.fromEntries(inputs.map((json, i) => [String(i), { json }]));
  return { path, body };
}

describe('REST /api/onboarding', () => {
  it('signs up and verifies with the documented shapes; the token works on both transports', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const signup = await request.post('/api/onboarding/signup').send({ ...signupBody('098765 432-10') });
    expect(signup.status).toBe(200);
    expect(signup.body).toMatchObject({ userId: expect.any(Number), resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(sms.sent[0]!.to).toBe(PHONE);

    const verify = await request
      .post('/api/onboarding/verifyOtp')
      .send({ userId: String(signup.body.userId), otp: ` ${sms.lastCode()} `, isApk: false });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      accessToken: expect.any(String),
      isNewUser: true,
      userId: expect.any(Number),
      userDetails: {
        USER_ID: verify.body.userId,
        NAME: 'Asha Rao',
        EMAIL: 'asha@example.in',
        PHONE_NUMBER: PHONE,
        PROFILE_PIC_URL: null,
        GOLD_KEYS: 0,
        REFERRAL_CODE: expect.stringMatching(/^ME/),
      },
    });
    const auth = { Authorization: `Bearer ${verify.body.accessToken}` };
    const me = await request.get('/api/user/getCurrentUser').set(auth);
    expect(me.status).toBe(200);
    expect(me.body.userDetails.NAME).toBe('Asha Rao');
    const trpcMe = await request.get('/trpc/users.me').set(auth);
    expect(trpcMe.status).toBe(200);
    expect(trpcMe.body.result.data.json).toMatchObject({ name: 'Asha Rao', phoneNumber: PHONE });
  });

  it.each([
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone Number is required'],
    [{}, 'phoneNumber', 'Phone Number is required'],
    [{ phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ phoneNumber: '5876543210' }, 'phoneNumber', 'Please enter a valid phone number'],
  ])('login validates %j', async (body, field, message) => {
    const { request } = createTestApp({ sms: fakeSms() });
    const res = await request.post('/api/onboarding/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it.each([
    [{ ...signupBody(), name: ' ' }, 'name', 'Name is required'],
    [{ ...signupBody(), email: '' }, 'email', 'Email is required'],
    [{ ...signupBody(), email: 'asha@' }, 'email', 'Invalid email address'],
    [{ ...signupBody(), referral: 'XY12' }, 'referral', 'Invalid referral code'],
  ])('signup validates %j', async (body, field, message) => {
    const { request } = createTestApp({ sms: fakeSms() });
    const res = await request.post('/api/onboarding/signup').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it.each([
    [{ userId: 1 }, 'otp is required'],
    [{ userId: 1, otp: '' }, 'otp is required'],
    [{ userId: 1, otp: '12345' }, 'otp should be of 6 digits'],
  ])('verifyOtp validates %j', async (body, message) => {
    const { request } = createTestApp({ sms: fakeSms() });
    const res = await request.post('/api/onboarding/verifyOtp').send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toBe(message);
  });

  it("login for an unknown phone is a 404 with the spec's text", async () => {
    const { request } = createTestApp({ sms: fakeSms() });
    const res = await request.post('/api/onboarding/login').send({ phoneNumber: PHONE });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "We couldn't find your account." });
  });

  it("a wrong OTP is a 400 with the spec's text", async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    const res = await request.post('/api/onboarding/verifyOtp').send({ userId, otp: wrongCode(sms.lastCode()) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Wrong Otp. Try again.');
  });

  it('resend at 59 s is a 429 with Retry-After; at 60 s it is accepted and the old code is dead', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const sms = fakeSms();
    const { request } = createTestApp({ sms, now: () => now });
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    const oldCode = sms.lastCode();
    now = new Date(now.getTime() + 59_000);
    const early = await request.post('/api/onboarding/send-otp').send({ phoneNumber: PHONE, userId });
    expect(early.status).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    // Issue 17: the wait says how long.
    expect(early.body.message).toBe('Please wait 1 second before asking for another OTP.');
    const inHindi = await request.post('/api/onboarding/send-otp').set('Accept-Language', 'hi-IN,hi;q=0.9').send({ phoneNumber: PHONE, userId });
    expect(inHindi.body.message).toBe('नया OTP माँगने से पहले कृपया 1 सेकंड रुकें।');
    now = new Date(now.getTime() + 1000);
    const ok = await request.post('/api/onboarding/send-otp').send({ phoneNumber: PHONE, userId });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, userId });
    const newCode = sms.lastCode();
    const stale = await request.post('/api/onboarding/verifyOtp').send({ userId, otp: oldCode === newCode ? wrongCode(newCode) : oldCode });
    expect(stale.status).toBe(400);
    expect((await request.post('/api/onboarding/verifyOtp').send({ userId, otp: newCode })).status).toBe(200);
  });

  it('logout revokes the session on both transports', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    const { accessToken } = (await request.post('/api/onboarding/verifyOtp').send({ userId, otp: sms.lastCode() })).body;
    const auth = { Authorization: `Bearer ${accessToken}` };
    const out = await request.post('/api/onboarding/logout').set(auth);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect((await request.get('/api/user/getCurrentUser').set(auth)).status).toBe(401);
    expect((await request.get('/trpc/users.me').set(auth)).status).toBe(401);
    expect((await request.post('/api/onboarding/logout').set(auth)).status).toBe(401);
  });
});

describe('principals', () => {
  it("a shopper's login leaves a business session on the server alone", async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const [owner] = await testDb()('businessOwners')
      .insert({ username: 'owner', passwordHash: 'x', name: 'Owner', phoneNumber: '9845012345', isMaster: true })
      .returning('id');
    const business = await bearer('business', owner!.id);
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    expect((await request.post('/api/onboarding/verifyOtp').set(business).send({ userId, otp: sms.lastCode() })).status).toBe(200);
    expect(await testDb()('sessions').where({ kind: 'business' }).whereNull('revokedAt').count({ n: '*' }).first()).toEqual({ n: 1 });
    // A business token is not a shopper's: the shopper's endpoints refuse it.
    expect((await request.get('/api/user/getCurrentUser').set(business)).status).toBe(401);
  });
});

describe('tRPC over HTTP', () => {
  it('one batched request of 50 wrong verifies evaluates at most 5 of them', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    const code = sms.lastCode();
    const { path, body } = batch('auth.verifyOtp', Array.from({ length: 50 }, () => ({ userId, otp: wrongCode(code) })));
    const res = await request.post(path).set('Content-Type', 'application/json').send(body);
    const messages = (res.body as { error: { json: { message: string } } }[]).map((r) => r.error.json.message);
    expect(messages).toHaveLength(50);
    const evaluated = messages.filter((m) => m === AUTH_MESSAGES.wrongOtp || m === AUTH_MESSAGES.burned).length;
    expect(messages.filter((m) => m === AUTH_MESSAGES.wrongOtp).length).toBeLessThanOrEqual(OTP_RULES.maxAttempts - 1);
    expect(evaluated).toBe(50); // every call answered, none succeeded
    expect(await testDb()('otpChallenges').where({ id: userId }).first('attempts', 'burnedAt')).toMatchObject({
      attempts: OTP_RULES.maxAttempts,
      burnedAt: expect.anything(),
    });
    // The right code is dead too.
    const right = await request.post('/api/onboarding/verifyOtp').send({ userId, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(AUTH_MESSAGES.burned);
  });

  it('sends Retry-After with the 429 of a too-early resend', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const { userId } = (await request.post('/api/onboarding/signup').send(signupBody())).body;
    const res = await request
      .post('/trpc/auth.sendOtp')
      .set('Content-Type', 'application/json')
      .send({ json: { phoneNumber: PHONE, userId } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(55);
  });
});

describe('enumerating registered numbers', () => {
  it('look-ups ("not found", "already registered") count against the per-client budget on REST and tRPC', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms, envOverrides: { OTP_SENDS_PER_IP_PER_HOUR: '3' } });
    await insertShopper(testDb(), TEST_SECRET, { phoneNumber: PHONE });
    expect((await request.post('/api/onboarding/login').send({ phoneNumber: '9123456701' })).status).toBe(404);
    expect((await request.post('/api/onboarding/signup').send(signupBody(PHONE))).status).toBe(409);
    const trpcLookUp = await request.post('/trpc/auth.login').set('Content-Type', 'application/json').send({ json: { phoneNumber: '9123456702' } });
    expect(trpcLookUp.status).toBe(404);
    // The budget is used: 429 with Retry-After whatever the phone, on both transports, and the texts stay.
    for (const res of [
      await request.post('/api/onboarding/login').send({ phoneNumber: PHONE }),
      await request.post('/api/onboarding/login').send({ phoneNumber: '9123456703' }),
      await request.post('/api/onboarding/signup').send(signupBody(PHONE)),
      await request.post('/api/onboarding/signup').send(signupBody('9123456704')),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(AUTH_MESSAGES.tooManySends);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const trpc = await request.post('/trpc/auth.login').set('Content-Type', 'application/json').send({ json: { phoneNumber: PHONE } });
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.json.message).toBe(AUTH_MESSAGES.tooManySends);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    expect(sms.sent).toHaveLength(0);
  });
});

describe('secrets at rest and in logs', () => {
  it('after 100 sends no table row and no log line contains a code', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      { level: 'trace' },
      new Writable({
        write(chunk, _enc, cb) {
          lines.push(String(chunk));
          cb();
        },
      }),
    );
    const sms = fakeSms();
    const { request } = createTestApp({ sms, logger, envOverrides: { OTP_SENDS_PER_IP_PER_HOUR: '1000', LOG_LEVEL: 'trace' } });
    const codes: string[] = [];
    for (let i = 0; i < 100; i++) {
      const phone = `9${String(100_000_000 + i)}`;
      const res = await request.post('/api/onboarding/signup').send(signupBody(phone));
      expect(res.status).toBe(200);
      const code = sms.lastCode(phone);
      codes.push(code);
      // Exercise the verify path too: a wrong try for some, the right code for others.
      if (i % 3 === 0) await request.post('/api/onboarding/verifyOtp').send({ userId: res.body.userId, otp: wrongCode(code) });
      if (i % 5 === 0) await request.post('/api/onboarding/verifyOtp').send({ userId: res.body.userId, otp: code });
    }
    expect(sms.sent).toHaveLength(100);
    expect(lines.length).toBeGreaterThan(100);

    const tables = (
      await testDb().raw(`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'knex_%'`)
    ).rows as { tablename: string }[];
    const dump: string[] = [];
    for (const { tablename } of tables) {
      const { rows } = await testDb().raw(`SELECT row_to_json(t)::text AS j FROM "${tablename}" t`);
      for (const r of rows as { j: string }[]) dump.push(r.j);
    }
    expect(dump.length).toBeGreaterThan(100);
    // A code "appears" when it stands alone: not inside a longer run of letters/digits (hashes, phone
    // numbers) nor as the fraction of a timestamp.
    const standalone = (code: string) => new RegExp(`(^|[^0-9A-Za-z.])${code}($|[^0-9A-Za-z])`);
    for (const code of codes) {
      const re = standalone(code);
      expect(dump.filter((row) => re.test(row))).toEqual([]);
      expect(lines.filter((line) => re.test(line))).toEqual([]);
    }
  }, 120_000);
});

describe('two app instances on one database', () => {
  let second: Knex | null = null;
  afterEach(async () => {
    await second?.destroy();
    second = null;
  });

  it('sends the OTP through one and verifies it through the other', async () => {
    const connection = testDb().client.config.connection;
    // Two knex pools on PostgreSQL; embedded PGlite has one instance, which both apps then share.
    const dbB = typeof connection === 'string' ? (second = knexFactory(knexConfig({ databaseUrl: connection, poolMax: 4 }))) : testDb();
    const sms = fakeSms();
    const a = createTestApp({ sms });
    const b = createTestApp({ sms, db: dbB });
    const { userId } = (await a.request.post('/api/onboarding/signup').send(signupBody())).body;
    // The resend wait is shared too: B refuses a resend A's code started.
    expect((await b.request.post('/api/onboarding/send-otp').send({ phoneNumber: PHONE, userId })).status).toBe(429);
    const verified = await b.request.post('/api/onboarding/verifyOtp').send({ userId, otp: sms.lastCode() });
    expect(verified.status).toBe(200);
    const auth = { Authorization: `Bearer ${verified.body.accessToken}` };
    expect((await a.request.get('/api/user/getCurrentUser').set(auth)).body.userDetails.NAME).toBe('Asha Rao');
    expect((await b.request.post('/api/onboarding/logout').set(auth)).status).toBe(200);
    expect((await a.request.get('/api/user/getCurrentUser').set(auth)).status).toBe(401);
  });
});
