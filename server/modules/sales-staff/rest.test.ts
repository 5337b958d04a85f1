import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS } from './service.ts';
import { ADMIN_REQUEST_HEADER, SALES_SESSION_COOKIE } from './schema.ts';
import { bearer } from '../../test/app.ts';
import { insertShopper } from '../../test/factories.ts';
import { TEST_SECRET } from '../../test/app.ts';

useTestDatabase();

let staffId: number;
beforeEach(async () => {
  const [row] = await testDb()('salesStaff')
    .insert({ username: 'Sales', passwordHash: await hashPassword('Sales@123'), name: 'Priya Sharma' })
    .returning('id');
  staffId = row!.id;
});

describe('sales back-office login', () => {
  it('logs in (username case-insensitive), stores only a hash of the token, and /me names the staff member', async () => {
    const { request } = createTestApp();
    const res = await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'Sales@123' });
    expect(res.status).toBe(200);
    expect(res.body.staff).toEqual({ id: staffId, username: 'Sales', name: 'Priya Sharma' });
    const token: string = res.body.token;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const sessions = await testDb()('sessions').select('*');
    expect(sessions).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect(sessions[0]).toMatchObject({ kind: 'sales', salesStaffId: staffId });
    // A web session lasts one day.
    const lifetime = new Date(sessions[0]!.expiresAt).getTime() - new Date(sessions[0]!.createdAt).getTime();
    expect(Math.round(lifetime / 3_600_000)).toBe(24);

    const me = await request.get('/api/admin/auth/me').set('Authorization', `Bearer ${token}`);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: staffId, username: 'Sales', name: 'Priya Sharma' });
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const { request } = createTestApp();
    const wrong = await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'nope' });
    const unknown = await request.post('/api/admin/auth/login').send({ username: 'ghost', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(await testDb()('sessions').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it(`${MAX_FAILED_LOGINS} wrong passwords make that client wait ${LOCK_MINUTES} minutes; the staff member still signs in elsewhere`, async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    // The test client is the load balancer (TRUST_PROXY=1): X-Forwarded-For names the client.
    const { request } = createTestApp({ now: () => now, envOverrides: { TRUST_PROXY: '1' } });
    const from = (ip: string) => request.post('/api/admin/auth/login').set('X-Forwarded-For', ip);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      expect((await from('198.51.100.23').send({ username: 'sales', password: 'bad' })).status).toBe(401);
    }
    const throttled = await from('198.51.100.23').send({ username: 'sales', password: 'Sales@123' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toBe(LOCKED_OUT);
    expect(Number(throttled.headers['retry-after'])).toBe(LOCK_MINUTES * 60);
    expect((await from('203.0.113.5').send({ username: 'sales', password: 'Sales@123' })).status).toBe(200);
    now = new Date(now.getTime() + LOCK_MINUTES * 60_000);
    expect((await from('198.51.100.23').send({ username: 'sales', password: 'Sales@123' })).status).toBe(200);
    expect(await testDb()('salesStaff').where({ id: staffId }).first('failedLoginCount', 'lockedUntil')).toEqual({ failedLoginCount: 0, lockedUntil: null });
  });

  it('refuses a disabled account', async () => {
    await testDb()('salesStaff').where({ id: staffId }).update({ isActive: false });
    const { request } = createTestApp();
    expect((await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'Sales@123' })).status).toBe(401);
  });

  it('logout revokes the token everywhere', async () => {
    const { request } = createTestApp();
    const { token } = (await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'Sales@123' })).body;
    const auth = { Authorization: `Bearer ${token}` };
    expect((await request.get('/api/admin/categories').set(auth)).status).toBe(200);
    expect((await request.post('/api/admin/auth/logout').set(auth)).status).toBe(204);
    expect((await request.get('/api/admin/auth/me').set(auth)).status).toBe(401);
    expect((await request.get('/api/admin/categories').set(auth)).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const { request } = createTestApp({ now: () => now });
    const { token } = (await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'Sales@123' })).body;
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    expect((await request.get('/api/admin/auth/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });
});

describe('the back-office session cookie', () => {
  const app = { [ADMIN_REQUEST_HEADER]: '1' };
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const all = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
    return all.find((c) => c.startsWith(`${SALES_SESSION_COOKIE}=`));
  };
  async function signIn(request: ReturnType<typeof createTestApp>['request']) {
    const res = await request.post('/api/admin/auth/login').set(app).send({ username: 'sales', password: 'Sales@123' });
    expect(res.status).toBe(200);
    const cookie = cookieOf(res)!;
    return { res, cookie, jar: cookie.split(';')[0]! };
  }

  it('login sets an HttpOnly, Secure, SameSite=Strict cookie for /api/admin with the session lifetime; the app gets no token', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const { request } = createTestApp({ now: () => now });
    const { res, cookie, jar } = await signIn(request);
    expect(res.body).toEqual({ staff: { id: staffId, username: 'Sales', name: 'Priya Sharma' } });
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=86400', 'Path=/api/admin', 'SameSite=Strict', 'Secure']);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = jar.slice(SALES_SESSION_COOKIE.length + 1);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(await testDb()('sessions').select('*'))).not.toContain(token);
    // The cookie alone signs the browser in to the back office.
    expect((await request.get('/api/admin/auth/me').set('Cookie', jar)).body).toEqual({ id: staffId, username: 'Sales', name: 'Priya Sharma' });
    expect((await request.get('/api/admin/categories').set('Cookie', jar)).status).toBe(200);
    // API clients (no app header) still get the token for Authorization: Bearer.
    const api = await request.post('/api/admin/auth/login').send({ username: 'sales', password: 'Sales@123' });
    expect(api.body.token).toEqual(expect.any(String));
    expect((await request.get('/api/admin/auth/me').set('Authorization', `Bearer ${api.body.token}`)).status).toBe(200);
  });

  it('CSRF: a change the cookie authenticates needs the app header; the login needs JSON', async () => {
    const { request } = createTestApp();
    const { jar } = await signIn(request);
    const city = { name: 'Mysuru', slug: 'mysuru', state: 'Karnataka', latitude: 12.3, longitude: 76.6 };
    const forged = await request.post('/api/admin/cities').set('Cookie', jar).send(city);
    expect(forged.status).toBe(403);
    expect(await testDb()('cities').count({ n: '*' }).first()).toEqual({ n: 0 });
    const formLogout = await request.post('/api/admin/auth/logout').set('Cookie', jar).type('form').send('x=1');
    expect(formLogout.status).toBe(403);
    const fromApp = await request.post('/api/admin/cities').set('Cookie', jar).set(app).send(city);
    expect(fromApp.status).toBe(201);
    const formLogin = await request.post('/api/admin/auth/login').type('form').send('username=sales&password=Sales%40123');
    expect(formLogin.status).toBe(415);
    expect(cookieOf(formLogin)).toBeUndefined();
  });

  it('logout deletes the session and clears the cookie; the old cookie no longer works', async () => {
    const { request } = createTestApp();
    const { jar } = await signIn(request);
    const out = await request.post('/api/admin/auth/logout').set('Cookie', jar).set(app);
    expect(out.status).toBe(204);
    expect(cookieOf(out)).toMatch(new RegExp(`^${SALES_SESSION_COOKIE}=; Path=/api/admin; Max-Age=0; HttpOnly; Secure; SameSite=Strict$`));
    expect(await testDb()('sessions').whereNull('revokedAt').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect((await request.get('/api/admin/auth/me').set('Cookie', jar)).status).toBe(401);
    expect((await request.get('/api/admin/categories').set('Cookie', jar)).status).toBe(401);
  });

  it('the cookie is honoured only on /api/admin and only for a sales session; it expires with the session', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const { request } = createTestApp({ now: () => now });
    const { jar } = await signIn(request);
    // Not a shopper or owner credential anywhere else.
    expect((await request.get('/api/user/getCurrentUser').set('Cookie', jar)).status).toBe(401);
    // A shopper token placed in the cookie is not a back-office session.
    const shopperId = await insertShopper(testDb(), TEST_SECRET);
    const shopper = (await bearer('consumer', shopperId)).Authorization.slice(7);
    expect((await request.get('/api/admin/auth/me').set('Cookie', `${SALES_SESSION_COOKIE}=${shopper}`)).status).toBe(401);
    now = new Date(now.getTime() + 24 * 3_600_000 + 1000);
    expect((await request.get('/api/admin/auth/me').set('Cookie', jar)).status).toBe(401);
  });
});
