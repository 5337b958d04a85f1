import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { AUTH_MESSAGES, OTP_RULES } from './schema.ts';
import { generateOtp, login, OTP_RETENTION_HOURS, purgeStaleAuthData, resendOtp, signup, verifyOtp } from './service.ts';
import { fakeSms, wrongCode } from '../../test/fake-sms.ts';
import { insertShopper } from '../../test/factories.ts';
import { getMyReferrals } from '../referrals/service.ts';
import { REFERRAL_REWARDS } from '../referrals/schema.ts';
import { deleteAccount } from '../users/service.ts';

useTestDatabase();

const PHONE = '9876543210';
const T0 = new Date('2026-11-21T10:00:00Z');

function setup(start = T0) {
  let now = start;
  const sms = fakeSms();
  const app = createTestApp({ sms, now: () => now });
  return {
    ...app,
    sms,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const signupInput = (phoneNumber = PHONE, extra: { referral?: string } = {}) => ({
  phoneNumber,
  name: 'Asha Rao',
  email: 'asha@example.in',
  isApk: false,
  referral: undefined as string | undefined,
  ...extra,
});

async function signUp(t: ReturnType<typeof setup>, phoneNumber = PHONE, extra: { referral?: string } = {}) {
  const { userId } = await signup(signupInput(phoneNumber, extra), { ip: '10.0.0.1' });
  return verifyOtp({ userId, otp: t.sms.lastCode(phoneNumber) });
}

describe('OTP codes', () => {
  it('are six digits from the CSPRNG', () => {
    const codes = new Set(Array.from({ length: 200 }, generateOtp));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});

describe('sign-up', () => {
  it('sends a code, and verifying it creates the account, its settings and a session', async () => {
    const t = setup();
    const sent = await signup(signupInput(), { ip: '10.0.0.1' });
    expect(sent).toEqual({ userId: expect.any(Number), resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(t.sms.sent).toHaveLength(1);
    expect(t.sms.sent[0]!.to).toBe(PHONE);
    expect(await testDb()('consumers').count({ n: '*' }).first()).toEqual({ n: 0 });

    const session = await verifyOtp({ userId: sent.userId, otp: t.sms.lastCode() });
    expect(session.isNewUser).toBe(true);
    expect(session.accessToken.length).toBeGreaterThanOrEqual(40);
    expect(session.user).toMatchObject({ name: 'Asha Rao', email: 'asha@example.in', phoneNumber: PHONE, goldKeys: 0 });
    expect(session.user.referralCode).toMatch(/^ME[A-Z0-9]{8}$/);
    expect(await testDb()('consumerSettings').where({ consumerId: session.user.id }).first()).toBeTruthy();
    const sessions = await testDb()('sessions').select('*');
    expect(sessions).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(session.accessToken);
    // One day on the web.
    expect(new Date(sessions[0]!.expiresAt).getTime() - T0.getTime()).toBe(24 * 3600_000);
  });

  it('gives the app a 365-day session', async () => {
    const t = setup();
    const { userId } = await signup({ ...signupInput(), isApk: true });
    const session = await verifyOtp({ userId, otp: t.sms.lastCode() });
    expect(session.expiresAt.getTime() - T0.getTime()).toBe(365 * 24 * 3600_000);
  });

  it('refuses a phone that already has an account, with a clear message', async () => {
    const t = setup();
    await signUp(t);
    t.advance(60);
    await expect(signup(signupInput())).rejects.toMatchObject({ code: 'CONFLICT', message: AUTH_MESSAGES.exists });
  });

  it('refuses an unknown referral code before sending anything', async () => {
    const t = setup();
    await expect(signup(signupInput(PHONE, { referral: 'MEZZZZZZ' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      details: { referral: 'Invalid referral code' },
    });
    expect(t.sms.sent).toHaveLength(0);
  });
});

describe('login', () => {
  it("gives the spec's NotFound text for an unknown phone", async () => {
    setup();
    await expect(login({ phoneNumber: '9123456789', isApk: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "We couldn't find your account.",
    });
  });

  it('logs an existing shopper in with a new session', async () => {
    const t = setup();
    const first = await signUp(t);
    const { userId } = await login({ phoneNumber: PHONE, isApk: false });
    const second = await verifyOtp({ userId, otp: t.sms.lastCode() });
    expect(second.isNewUser).toBe(false);
    expect(second.user.id).toBe(first.user.id);
    expect(second.accessToken).not.toBe(first.accessToken);
  });
});

describe('verifying a code', () => {
  it("answers a wrong code with the spec's text and counts the try", async () => {
    const t = setup();
    const { userId } = await signup(signupInput());
    await expect(verifyOtp({ userId, otp: wrongCode(t.sms.lastCode()) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Wrong Otp. Try again.',
      details: { otp: 'Wrong Otp. Try again.' },
    });
    expect(await testDb()('otpChallenges').where({ id: userId }).first('attempts')).toEqual({ attempts: 1 });
  });

  it('burns the code on the fifth wrong try: the right code no longer works', async () => {
    const t = setup();
    const { userId } = await signup(signupInput());
    const code = t.sms.lastCode();
    for (let i = 1; i < OTP_RULES.maxAttempts; i++) {
      await expect(verifyOtp({ userId, otp: wrongCode(code) })).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongOtp });
    }
    await expect(verifyOtp({ userId, otp: wrongCode(code) })).rejects.toMatchObject({ message: AUTH_MESSAGES.burned });
    await expect(verifyOtp({ userId, otp: code })).rejects.toMatchObject({ message: AUTH_MESSAGES.burned });
    expect(await testDb()('sessions').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('accepts a code until it expires and refuses it one second after', async () => {
    const t = setup();
    const a = await signup(signupInput());
    t.advance(OTP_RULES.ttlSeconds - 1);
    expect((await verifyOtp({ userId: a.userId, otp: t.sms.lastCode() })).isNewUser).toBe(true);

    const t2 = setup();
    const b = await signup(signupInput('9123456780'));
    t2.advance(OTP_RULES.ttlSeconds + 1);
    await expect(verifyOtp({ userId: b.userId, otp: t2.sms.lastCode() })).rejects.toMatchObject({
      message: AUTH_MESSAGES.expired,
    });
  });

  it('uses a code once', async () => {
    const t = setup();
    const { userId } = await signup(signupInput());
    const code = t.sms.lastCode();
    await verifyOtp({ userId, otp: code });
    await expect(verifyOtp({ userId, otp: code })).rejects.toMatchObject({ message: AUTH_MESSAGES.used });
  });

  it('50 concurrent correct submissions open exactly one session', async () => {
    const t = setup();
    const { userId } = await signup(signupInput());
    const code = t.sms.lastCode();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => verifyOtp({ userId, otp: code })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await testDb()('sessions').count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await testDb()('consumers').count({ n: '*' }).first()).toEqual({ n: 1 });
  });
});

describe('resending', () => {
  it('refuses a resend at 59 s with Retry-After, accepts it at 60 s, and the old code is dead', async () => {
    const t = setup();
    const { userId } = await signup(signupInput());
    const oldCode = t.sms.lastCode();
    t.advance(59);
    await expect(resendOtp({ phoneNumber: PHONE, userId })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfter: 1,
    });
    t.advance(1);
    expect(await resendOtp({ phoneNumber: PHONE, userId })).toMatchObject({ userId });
    const newCode = t.sms.lastCode();
    expect(t.sms.sent).toHaveLength(2);
    if (newCode !== oldCode) {
      await expect(verifyOtp({ userId, otp: oldCode })).rejects.toMatchObject({ message: AUTH_MESSAGES.wrongOtp });
    }
    expect((await verifyOtp({ userId, otp: newCode })).isNewUser).toBe(true);
  });

  it('also holds a new login or sign-up for the same phone to the 60 s wait', async () => {
    setup();
    await signup(signupInput());
    await expect(signup(signupInput())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 60 });
  });

  it('starting a new flow kills the code of the previous one', async () => {
    const t = setup();
    const first = await signup(signupInput());
    const firstCode = t.sms.lastCode();
    t.advance(60);
    await signup(signupInput());
    await expect(verifyOtp({ userId: first.userId, otp: firstCode })).rejects.toMatchObject({ message: AUTH_MESSAGES.burned });
  });

  it(`sends at most ${OTP_RULES.perPhonePerHour} codes per phone per hour and ${OTP_RULES.perPhonePerDay} per day`, async () => {
    const t = setup(new Date('2026-11-21T00:00:00Z'));
    const { userId } = await signup(signupInput());
    for (let i = 1; i < OTP_RULES.perPhonePerHour; i++) {
      t.advance(60);
      await resendOtp({ phoneNumber: PHONE, userId });
    }
    t.advance(60);
    const refused = await resendOtp({ phoneNumber: PHONE, userId }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManySends });
    // The hour's window ends at 01:00; 5 minutes have passed.
    expect((refused as { retryAfter: number }).retryAfter).toBe(3600 - 5 * 60);
    t.advance(3600);
    for (let i = 0; i < OTP_RULES.perPhonePerDay - OTP_RULES.perPhonePerHour; i++) {
      await resendOtp({ phoneNumber: PHONE, userId });
      t.advance(61);
    }
    t.advance(3600);
    await expect(resendOtp({ phoneNumber: PHONE, userId })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(t.sms.sent).toHaveLength(OTP_RULES.perPhonePerDay);
  });

  it('caps the codes one client IP can ask for across numbers', async () => {
    const sms = fakeSms();
    createTestApp({ sms, envOverrides: { OTP_SENDS_PER_IP_PER_HOUR: '3' } });
    for (let i = 0; i < 3; i++) await signup(signupInput(`91234567${10 + i}`), { ip: '203.0.113.9' });
    await expect(signup(signupInput('9123456799'), { ip: '203.0.113.9' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
    // Refused requests count nothing: another IP and the same phone still go through.
    await signup(signupInput('9123456799'), { ip: '203.0.113.10' });
    expect(sms.sent).toHaveLength(4);
  });
});

describe('phone look-ups cost what sending a code costs', () => {
  it('once the client IP budget is used, login and sign-up get 429 whatever the phone', async () => {
    const sms = fakeSms();
    createTestApp({ sms, envOverrides: { OTP_SENDS_PER_IP_PER_HOUR: '4' } });
    await insertShopper(testDb(), TEST_SECRET, { phoneNumber: PHONE });
    const ip = { ip: '203.0.113.9' };
    // Four look-ups: "not found" and "already registered" answers count like sent codes.
    for (const phone of ['9123456701', '9123456702']) {
      await expect(login({ phoneNumber: phone, isApk: false }, ip)).rejects.toMatchObject({ code: 'NOT_FOUND', message: AUTH_MESSAGES.notFound });
    }
    await expect(signup(signupInput(PHONE), ip)).rejects.toMatchObject({ code: 'CONFLICT', message: AUTH_MESSAGES.exists });
    await expect(signup(signupInput('9123456703', { referral: 'MEZZZZZZ' }), ip)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Now every look-up from that client is refused before anything about the phone is said.
    for (const attempt of [
      () => login({ phoneNumber: PHONE, isApk: false }, ip),
      () => login({ phoneNumber: '9123456704', isApk: false }, ip),
      () => signup(signupInput(PHONE), ip),
      () => signup(signupInput('9123456705'), ip),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManySends, retryAfter: expect.any(Number) });
    }
    expect(sms.sent).toHaveLength(0);
    // Another client is not affected, and the legitimate flow still works.
    const { userId } = await login({ phoneNumber: PHONE, isApk: false }, { ip: '203.0.113.10' });
    await expect(verifyOtp({ userId, otp: sms.lastCode(PHONE) })).resolves.toMatchObject({ isNewUser: false });
  });

  it(`a phone can be looked up at most ${OTP_RULES.perPhonePerHour} times an hour, from any number of clients`, async () => {
    const t = setup();
    for (let i = 0; i < OTP_RULES.perPhonePerHour; i++) {
      await expect(login({ phoneNumber: '9123456789', isApk: false }, { ip: `198.51.100.${i}` })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(login({ phoneNumber: '9123456789', isApk: false }, { ip: '198.51.100.99' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(signup(signupInput('9123456789'), { ip: '198.51.100.99' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    t.advance(3600);
    await signup(signupInput('9123456789'), { ip: '198.51.100.99' });
    expect(t.sms.sent).toHaveLength(1);
  });

  it('a "not found" answer does not hold the phone to the 60 s wait: sign up right after', async () => {
    const t = setup();
    await expect(login({ phoneNumber: '9123456789', isApk: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await signup(signupInput('9123456789'));
    expect(t.sms.sent).toHaveLength(1);
  });
});

describe('referrals at sign-up', () => {
  it('credits the referrer once, in the sign-up, and welcomes the new shopper', async () => {
    const t = setup();
    const referrer = await signUp(t, '9000000001');
    const referee = await signUp(t, '9000000002', { referral: referrer.user.referralCode.toLowerCase() });
    expect(referee.user.goldKeys).toBe(REFERRAL_REWARDS.welcomeKeys);
    const mine = await getMyReferrals(referrer.user.id);
    expect(mine).toMatchObject({
      code: referrer.user.referralCode,
      sharePath: `/signup?referal=${referrer.user.referralCode}`,
      referredCount: 1,
      goldKeys: REFERRAL_REWARDS.referrerKeys,
    });
    expect(mine.recent).toEqual([expect.objectContaining({ delta: REFERRAL_REWARDS.referrerKeys, reason: 'referral_bonus' })]);
    expect(await testDb()('referrals').select('referrerId', 'refereeId')).toEqual([
      { referrerId: referrer.user.id, refereeId: referee.user.id },
    ]);
  });

  it('never credits a phone that ever had an account (deleted and signed up again)', async () => {
    const t = setup();
    const referrer = await signUp(t, '9000000001');
    const old = await signUp(t, '9000000002');
    await deleteAccount(old.user.id);
    t.advance(60);
    const again = await signUp(t, '9000000002', { referral: referrer.user.referralCode });
    expect(again.user.id).toBe(old.user.id); // the row is revived, phone_hash kept
    expect(again.isNewUser).toBe(true);
    expect(again.user.goldKeys).toBe(0);
    expect((await getMyReferrals(referrer.user.id)).goldKeys).toBe(0);
    expect(await testDb()('referrals').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});

describe('housekeeping', () => {
  it('deletes OTP flows past their retention and ended rate-limit windows', async () => {
    const t = setup(new Date('2026-11-21T00:10:00Z'));
    await signup(signupInput());
    t.advance(OTP_RULES.ttlSeconds + OTP_RETENTION_HOURS * 3600 - 60);
    // By now the hour window, the day window and the resend wait have all ended; the flow is kept.
    expect(await purgeStaleAuthData()).toEqual({ challenges: 0, counters: 3 });
    t.advance(120);
    expect(await purgeStaleAuthData()).toEqual({ challenges: 1, counters: 0 });
  });
});
