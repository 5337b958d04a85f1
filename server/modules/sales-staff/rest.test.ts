import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { LOCK_MINUTES, LOCKED_OUT, MAX_FAILED_LOGINS } from './service.ts';

useTestDatabase();

let staffId: number;
beforeEach(async () => {
  const [row] = await testDb()('salesStaff')
    .insert({ username: 'Sales', passwordHash: await hashPassword('Sales@123'), name: 'Priya Sharma' })
    .returning('id');
  staffId = row.id;
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
    const lifetime = new Date(sessions[0].expiresAt).getTime() - new Date(sessions[0].createdAt).getTime();
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
    const { app, request } = createTestApp({ now: () => now });
    app.proxy = true; // X-Forwarded-For names the client in this test
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
