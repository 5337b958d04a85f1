import type { inferProcedureInput } from '@trpc/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller, type AppRouter } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { createSession, resolveSession } from '../sessions/service.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { insertShopper } from '../../test/factories.ts';
import { REFERRAL_REWARDS } from '../referrals/schema.ts';

useTestDatabase();

let consumerId: number;
let sms: ReturnType<typeof fakeSms>;

/** The first validation message of a failed call (createCaller has no HTTP error formatter). */
async function validationMessage(p: Promise<unknown>): Promise<string | undefined> {
  const error = (await p.catch((e: unknown) => e)) as { code?: string; cause?: { issues?: { message: string }[] } };
  expect(error.code).toBe('BAD_REQUEST');
  return error.cause?.issues?.[0]?.message;
}

async function callerFor(id: number) {
  const { token } = await createSession({ kind: 'consumer', principalId: id });
  return createCaller(createContextInner({ principal: await resolveSession(token), ip: '10.1.1.1' }));
}

beforeEach(async () => {
  sms = fakeSms();
  createTestApp({ sms });
  consumerId = await insertShopper(testDb(), TEST_SECRET);
});

describe('users (tRPC)', () => {
  it('me returns clean camelCase', async () => {
    const caller = await callerFor(consumerId);
    expect(await caller.users.me()).toEqual({
      id: consumerId,
      name: 'Asha Rao',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      profilePicUrl: null,
      goldKeys: 0,
      referralCode: 'ME543210',
      language: 'en',
    });
  });

  it('setLanguage stores the shopper\'s language on the account; me returns it; a bad one is refused', async () => {
    const caller = await callerFor(consumerId);
    expect(await caller.users.setLanguage({ language: 'hi' })).toMatchObject({ id: consumerId, language: 'hi' });
    expect((await caller.users.me()).language).toBe('hi');
    expect(await testDb()('consumers').where({ id: consumerId }).first('language')).toEqual({ language: 'hi' });
    await expect(caller.users.setLanguage({ language: 'fr' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.users.me()).language).toBe('hi');
    const anon = createCaller(createContextInner());
    await expect(anon.users.setLanguage({ language: 'en' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses anonymous callers', async () => {
    const anon = createCaller(createContextInner());
    await expect(anon.users.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anon.users.settings()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anon.referrals.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anon.auth.logout()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('updateProfile validates with the spec texts and saves', async () => {
    const caller = await callerFor(consumerId);
    expect(await validationMessage(caller.users.updateProfile({ name: '', email: 'a@b.in' }))).toBe('Name is required');
    expect(await validationMessage(caller.users.updateProfile({ name: 'A', email: '' }))).toBe('Email is required');
    const input: inferProcedureInput<AppRouter['users']['updateProfile']> = { name: ' Asha K ', email: ' k @example.in' };
    expect(await caller.users.updateProfile(input)).toMatchObject({ name: 'Asha K', email: 'k@example.in' });
  });

  it('settings use booleans; enableAll sets all seven; others flip alone', async () => {
    const caller = await callerFor(consumerId);
    expect(await caller.users.settings()).toMatchObject({ enableAll: true, smsAlerts: true });
    const off = await caller.users.updateSettings({ enableAll: false });
    expect(Object.values(off).every((v) => v === false)).toBe(true);
    const one = await caller.users.updateSettings({ pushNearbyOffers: true });
    expect(one).toMatchObject({ enableAll: false, pushNearbyOffers: true, smsAlerts: false });
  });

  it('delete revokes every session and the old token is refused', async () => {
    const caller = await callerFor(consumerId);
    const { token } = await createSession({ kind: 'consumer', principalId: consumerId });
    expect(await caller.users.delete()).toMatchObject({ success: true });
    expect(await resolveSession(token)).toBeNull();
    await expect(caller.users.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('auth (tRPC)', () => {
  it('signs up through a referral and the referrer sees its Golden Keys in referrals.mine', async () => {
    const anon = createCaller(createContextInner({ ip: '10.1.1.2' }));
    const { userId } = await anon.auth.signup({
      phoneNumber: '9123456789',
      name: 'Ravi',
      email: 'ravi@example.in',
      referral: ' me543210 ',
    });
    const session = await anon.auth.verifyOtp({ userId, otp: sms.lastCode() });
    expect(session.user).toMatchObject({ name: 'Ravi', goldKeys: REFERRAL_REWARDS.welcomeKeys });
    const referrer = await callerFor(consumerId);
    expect(await referrer.referrals.mine()).toMatchObject({
      code: 'ME543210',
      sharePath: '/signup?referal=ME543210',
      referredCount: 1,
      goldKeys: REFERRAL_REWARDS.referrerKeys,
    });
    // Logout through tRPC ends that session.
    const newcomer = createCaller(createContextInner({ principal: await resolveSession(session.accessToken!) }));
    expect(await newcomer.auth.logout()).toEqual({ success: true });
    expect(await resolveSession(session.accessToken!)).toBeNull();
  });

  it("login maps the spec's errors to tRPC codes", async () => {
    const anon = createCaller(createContextInner());
    await expect(anon.auth.login({ phoneNumber: '9000000009' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "We couldn't find your account.",
    });
    expect(await validationMessage(anon.auth.login({ phoneNumber: '123' }))).toBe('Please enter a valid phone number');
    const { userId } = await anon.auth.login({ phoneNumber: '9876543210' });
    expect(await validationMessage(anon.auth.verifyOtp({ userId, otp: '12' }))).toBe('otp should be of 6 digits');
    await expect(anon.auth.verifyOtp({ userId, otp: '000000' === sms.lastCode() ? '111111' : '000000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Wrong Otp. Try again.',
    });
    await expect(anon.auth.sendOtp({ phoneNumber: '9876543210', userId })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('supportTickets.create stores a ticket', async () => {
    const caller = await callerFor(consumerId);
    expect(
      await caller.supportTickets.create({ name: 'Asha', email: 'asha@example.in', subject: 'Hi', message: 'Help' }),
    ).toEqual({ success: true, ticketId: expect.any(Number) });
  });
});
