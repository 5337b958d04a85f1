import { beforeEach, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { parseEnv } from '../env.ts';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { fakeSms } from '../test/fake-sms.ts';
import { businessWorld, insertPaidOrder, OWNER_PASSWORD, type BusinessWorld } from '../test/factories.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';
import {
  APP_REQUEST_HEADER,
  BUSINESS_DETAILS_COOKIE,
  BUSINESS_SESSION_COOKIE,
  SHOPPER_SESSION_COOKIE,
  SHOPPER_SIGNED_IN_COOKIE,
} from '../modules/sessions/schema.ts';

useTestDatabase();

/**
 * The shopper's and the owner's sessions live in HttpOnly cookies the server sets and clears
 * (docs/auth.md "Sessions in the browser"); a cookie-authenticated write needs the app's header (CSRF).
 */

type Cookie = { value: string; attributes: string[] };

/** The Set-Cookie lines of a response, by name (the last line for a name wins, as in a browser). */
function setCookies(res: supertest.Response): Map<string, Cookie> {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const found = new Map<string, Cookie>();
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split('; ');
    const at = pair.indexOf('=');
    found.set(pair.slice(0, at), { value: pair.slice(at + 1), attributes });
  }
  return found;
}

const APP = { [APP_REQUEST_HEADER]: '1' };
const PHONE = '9876543210';
const trpcBody = (json: unknown) => ({ json });

let sms: ReturnType<typeof fakeSms>;
let request: supertest.Agent;
beforeEach(() => {
  sms = fakeSms();
  request = createTestApp({ sms }).request;
});

/** Signs a new shopper up through REST and verifies the code; returns the verify answer. */
async function shopperSignsUp(headers: Record<string, string> = {}, isApk = false) {
  const signup = await request.post('/api/onboarding/signup').set(headers).send({ phoneNumber: PHONE, name: 'Asha Rao', email: 'asha@example.in' });
  expect(signup.status).toBe(200);
  return request.post('/api/onboarding/verifyOtp').set(headers).send({ userId: signup.body.userId, otp: sms.lastCode(), isApk });
}

/** A login of the signed-up shopper through tRPC, as the app does (a verified code lifts the resend wait). */
async function shopperLogsInByTrpc(headers: Record<string, string> = APP) {
  const login = await request.post('/trpc/auth.login').set(headers).send(trpcBody({ phoneNumber: PHONE }));
  expect(login.status).toBe(200);
  return request
    .post('/trpc/auth.verifyOtp')
    .set(headers)
    .send(trpcBody({ userId: login.body.result.data.json.userId, otp: sms.lastCode(), isApk: false }));
}

const cookieHeader = (...pairs: [string, string][]) => pairs.map(([name, value]) => `${name}=${value}`).join('; ');

describe('the shopper session cookie', () => {
  it('verify sets the token HttpOnly, SameSite=Strict, path /, for one day, with a readable signedIn flag beside it', async () => {
    const verify = await shopperSignsUp();
    expect(verify.status).toBe(200);
    const cookies = setCookies(verify);
    const token = cookies.get(SHOPPER_SESSION_COOKIE)!;
    expect(token.value).toBe(verify.body.accessToken);
    expect(token.attributes).toEqual(['Path=/', 'Max-Age=86400', 'HttpOnly', 'SameSite=Strict']);
    expect(cookies.get(SHOPPER_SIGNED_IN_COOKIE)).toEqual({ value: '1', attributes: ['Path=/', 'Max-Age=86400', 'SameSite=Strict'] });
    // The cookie alone signs the shopper in, on both transports.
    const cookie = cookieHeader([SHOPPER_SESSION_COOKIE, token.value]);
    expect((await request.get('/api/user/getCurrentUser').set('Cookie', cookie)).body.userDetails.NAME).toBe('Asha Rao');
    expect((await request.get('/trpc/users.me').set('Cookie', cookie)).body.result.data.json.name).toBe('Asha Rao');
  });

  it('lives 365 days for the Android app (isApk)', async () => {
    const verify = await shopperSignsUp({}, true);
    expect(setCookies(verify).get(SHOPPER_SESSION_COOKIE)!.attributes).toContain(`Max-Age=${365 * 86400}`);
    expect(setCookies(verify).get(SHOPPER_SIGNED_IN_COOKIE)!.attributes).toContain(`Max-Age=${365 * 86400}`);
  });

  it('is Secure in production', async () => {
    request = createTestApp({ sms, env: parseEnv({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent', DATA_DIR: 'memory' }) }).request;
    const verify = await shopperSignsUp();
    expect(setCookies(verify).get(SHOPPER_SESSION_COOKIE)!.attributes).toEqual(['Path=/', 'Max-Age=86400', 'HttpOnly', 'Secure', 'SameSite=Strict']);
    expect(setCookies(verify).get(SHOPPER_SIGNED_IN_COOKIE)!.attributes).toContain('Secure');
  });

  it('our app gets no token in the body (tRPC and REST); API clients and the wrapper still do', async () => {
    expect((await shopperSignsUp()).body.accessToken).toEqual(expect.any(String));
    const fromApp = await shopperLogsInByTrpc(APP);
    expect(fromApp.status).toBe(200);
    expect(fromApp.body.result.data.json).not.toHaveProperty('accessToken');
    expect(fromApp.body.result.data.json.user.name).toBe('Asha Rao');
    expect(setCookies(fromApp).get(SHOPPER_SESSION_COOKIE)!.value).toMatch(/^[\w-]{40,}$/);

    const fromClient = await shopperLogsInByTrpc({});
    expect(fromClient.body.result.data.json.accessToken).toBe(setCookies(fromClient).get(SHOPPER_SESSION_COOKIE)!.value);

    const again = await request.post('/api/onboarding/login').set(APP).send({ phoneNumber: PHONE });
    const restFromApp = await request.post('/api/onboarding/verifyOtp').set(APP).send({ userId: again.body.userId, otp: sms.lastCode() });
    expect(restFromApp.status).toBe(200);
    expect(restFromApp.body).not.toHaveProperty('accessToken');
    expect(restFromApp.body.userDetails.NAME).toBe('Asha Rao');
  });

  it('a write the cookie authenticates needs the app header: without it 403 and nothing changes (REST and tRPC)', async () => {
    const token = (await shopperSignsUp()).body.accessToken as string;
    const cookie = cookieHeader([SHOPPER_SESSION_COOKIE, token]);
    const consumers = () => testDb()('consumers').whereNull('deletedAt').count<{ count: number }[]>({ count: '*' }).first();
    const before = await consumers();

    const rest = await request.delete('/api/user/delete').set('Cookie', cookie);
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/X-Bachat-App header is missing/);
    const trpc = await request.post('/trpc/users.delete').set('Cookie', cookie).send(trpcBody(null));
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.json).toMatchObject({ message: expect.stringMatching(/X-Bachat-App header is missing/), data: { code: 'FORBIDDEN' } });
    const settings = await request.put('/api/user/settings').set('Cookie', cookie).send({ smsAlerts: 'false' });
    expect(settings.status).toBe(403);
    expect(await consumers()).toEqual(before);
    expect((await request.get('/api/user/settings').set('Cookie', cookie)).body.SMS_ALERTS).toBe('true');

    // Reads need no header; a bearer token needs none either (a browser never adds one by itself).
    expect((await request.get('/api/user/getCurrentUser').set('Cookie', cookie)).status).toBe(200);
    expect((await request.put('/api/user/settings').set('Authorization', `Bearer ${token}`).send({ smsAlerts: 'false' })).status).toBe(200);
    // With the header the app's write goes through.
    expect((await request.put('/api/user/settings').set('Cookie', cookie).set(APP).send({ smsAlerts: 'true' })).status).toBe(200);
  });

  it('logout revokes the session and clears both cookies; the old cookie is then refused and cleared again', async () => {
    const token = (await shopperSignsUp()).body.accessToken as string;
    const cookie = cookieHeader([SHOPPER_SESSION_COOKIE, token], [SHOPPER_SIGNED_IN_COOKIE, '1']);
    const out = await request.post('/trpc/auth.logout').set('Cookie', cookie).set(APP).send(trpcBody(null));
    expect(out.status).toBe(200);
    const cleared = setCookies(out);
    expect(cleared.get(SHOPPER_SESSION_COOKIE)).toEqual({ value: '', attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'] });
    expect(cleared.get(SHOPPER_SIGNED_IN_COOKIE)).toEqual({ value: '', attributes: ['Path=/', 'Max-Age=0', 'SameSite=Strict'] });

    const stale = await request.get('/trpc/users.me').set('Cookie', cookie);
    expect(stale.status).toBe(401);
    expect(setCookies(stale).get(SHOPPER_SESSION_COOKIE)!.attributes).toContain('Max-Age=0');
    expect(setCookies(stale).get(SHOPPER_SIGNED_IN_COOKIE)!.attributes).toContain('Max-Age=0');
    // A made-up token is no better.
    const forged = await request.get('/api/user/getCurrentUser').set('Cookie', cookieHeader([SHOPPER_SESSION_COOKIE, 'x'.repeat(43)]));
    expect(forged.status).toBe(401);
    expect(setCookies(forged).get(SHOPPER_SESSION_COOKIE)!.value).toBe('');
  });

  it('REST logout and account deletion clear the cookies too', async () => {
    let token = (await shopperSignsUp()).body.accessToken as string;
    const out = await request.post('/api/onboarding/logout').set('Cookie', cookieHeader([SHOPPER_SESSION_COOKIE, token])).set(APP);
    expect(out.status).toBe(200);
    expect(setCookies(out).get(SHOPPER_SESSION_COOKIE)!.attributes).toContain('Max-Age=0');

    const login = await request.post('/api/onboarding/login').send({ phoneNumber: PHONE });
    token = (await request.post('/api/onboarding/verifyOtp').send({ userId: login.body.userId, otp: sms.lastCode() })).body.accessToken;
    const gone = await request.delete('/api/user/delete').set('Cookie', cookieHeader([SHOPPER_SESSION_COOKIE, token])).set(APP);
    expect(gone.status).toBe(200);
    expect(setCookies(gone).get(SHOPPER_SESSION_COOKIE)!.attributes).toContain('Max-Age=0');
    expect(setCookies(gone).get(SHOPPER_SIGNED_IN_COOKIE)!.attributes).toContain('Max-Age=0');
    expect((await request.get('/api/user/getCurrentUser').set('Cookie', cookieHeader([SHOPPER_SESSION_COOKIE, token]))).status).toBe(401);
  });

  it('a bearer header wins over the cookie (the Android wrapper and API clients)', async () => {
    const token = (await shopperSignsUp()).body.accessToken as string;
    const res = await request.get('/api/user/getCurrentUser').set('Authorization', 'Bearer nobody').set('Cookie', cookieHeader([SHOPPER_SESSION_COOKIE, token]));
    expect(res.status).toBe(401);
  });
});

describe("one principal's login ends the other's in this browser (SPEC §6)", () => {
  let w: BusinessWorld;
  beforeEach(async () => {
    w = await businessWorld();
  });

  const ownerLogsIn = (cookie: string, headers: Record<string, string> = APP) =>
    request.post('/trpc/businessAuth.login').set('Cookie', cookie).set(headers).send(trpcBody({ username: 'owner.a', password: OWNER_PASSWORD }));

  it("an owner's login sets the business cookie HttpOnly for one day, clears the shopper's and revokes that session", async () => {
    const shopperToken = (await shopperSignsUp()).body.accessToken as string;
    const login = await ownerLogsIn(cookieHeader([SHOPPER_SESSION_COOKIE, shopperToken], [SHOPPER_SIGNED_IN_COOKIE, '1']));
    expect(login.status).toBe(200);
    expect(login.body.result.data.json).not.toHaveProperty('accessToken');
    const cookies = setCookies(login);
    const business = cookies.get(BUSINESS_SESSION_COOKIE)!;
    expect(business.attributes).toEqual(['Path=/', 'Max-Age=86400', 'HttpOnly', 'SameSite=Strict']);
    expect(cookies.get(SHOPPER_SESSION_COOKIE)!.attributes).toContain('Max-Age=0');
    expect(cookies.get(SHOPPER_SIGNED_IN_COOKIE)!.attributes).toContain('Max-Age=0');
    // The shopper's token no longer opens anything, even by bearer.
    expect((await request.get('/api/user/getCurrentUser').set('Authorization', `Bearer ${shopperToken}`)).status).toBe(401);

    // The business cookie carries the console: reads, writes with the header, downloads.
    const cookie = cookieHeader([BUSINESS_SESSION_COOKIE, business.value]);
    const outlets = await request.get('/trpc/businessAccount.profile').query({ input: JSON.stringify({ json: { outletId: w.outletA } }) }).set('Cookie', cookie);
    expect(outlets.status).toBe(200);
    await insertPaidOrder(w.outletA);
    const csv = await request.get('/api/business/dashboard/settlement.csv').query({ outletId: w.outletA }).set('Cookie', cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const ticket = await request.post(`/api/business/payments/${w.outletA}/events/ticket`).set('Cookie', cookie).set(APP);
    expect(ticket.status).toBeLessThan(300);
    expect((await request.post(`/api/business/payments/${w.outletA}/events/ticket`).set('Cookie', cookie)).status).toBe(403);
  });

  it("a shopper's login clears the owner's cookies (token and details) and revokes that session", async () => {
    const login = await ownerLogsIn('', {});
    const businessToken = login.body.result.data.json.accessToken as string;
    expect(businessToken).toBe(setCookies(login).get(BUSINESS_SESSION_COOKIE)!.value);
    const signup = await request.post('/api/onboarding/signup').send({ phoneNumber: PHONE, name: 'Asha Rao', email: 'asha@example.in' });
    const verify = await request
      .post('/trpc/auth.verifyOtp')
      .set('Cookie', cookieHeader([BUSINESS_SESSION_COOKIE, businessToken], [BUSINESS_DETAILS_COOKIE, '%7B%7D']))
      .set(APP)
      .send(trpcBody({ userId: signup.body.userId, otp: sms.lastCode() }));
    expect(verify.status).toBe(200);
    const cookies = setCookies(verify);
    expect(cookies.get(BUSINESS_SESSION_COOKIE)).toEqual({ value: '', attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'] });
    expect(cookies.get(BUSINESS_DETAILS_COOKIE)).toEqual({ value: '', attributes: ['Path=/', 'Max-Age=0', 'SameSite=Strict'] });
    expect(cookies.get(SHOPPER_SESSION_COOKIE)!.value).not.toBe('');
    const revoked = await request.post('/trpc/businessAuth.logout').set('Authorization', `Bearer ${businessToken}`).send(trpcBody(null));
    expect(revoked.status).toBe(401);
  });

  it("the owner's logout clears both business cookies; a REST login from our app gets no token in the body", async () => {
    const login = await request.post('/api/onboarding/bo/login').set(APP).send({ username: 'owner.a', password: OWNER_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('accessToken');
    expect(login.body.businessOwnerDetails.USERNAME).toBe('owner.a');
    const token = setCookies(login).get(BUSINESS_SESSION_COOKIE)!.value;
    const out = await request.post('/api/onboarding/bo/logout').set('Cookie', cookieHeader([BUSINESS_SESSION_COOKIE, token])).set(APP);
    expect(out.status).toBe(200);
    expect(setCookies(out).get(BUSINESS_SESSION_COOKIE)!.attributes).toContain('Max-Age=0');
    expect(setCookies(out).get(BUSINESS_DETAILS_COOKIE)!.attributes).toContain('Max-Age=0');
    // Without the header the cookie cannot log the owner out (or do anything else that writes).
    const again = await request.post('/api/onboarding/bo/login').send({ username: 'owner.a', password: OWNER_PASSWORD });
    const csrf = await request.post('/api/onboarding/bo/logout').set('Cookie', cookieHeader([BUSINESS_SESSION_COOKIE, again.body.accessToken]));
    expect(csrf.status).toBe(403);
    expect((await request.post('/trpc/businessAuth.logout').set('Authorization', `Bearer ${again.body.accessToken}`).send(trpcBody(null))).status).toBe(200);
  });
});
