import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { PROMOTER_MESSAGES } from './schema.ts';

useTestDatabase();

describe('become-promoter interest form', () => {
  it('POST /api/promoter-applications stores the form (phone normalised)', async () => {
    const { request } = createTestApp();
    const res = await request
      .post('/api/promoter-applications')
      .send({ name: ' Ravi Kumar ', phoneNumber: '098765 43210', email: 'ravi @example.com', city: 'Pune', message: 'I run a college club.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, id: expect.any(Number) });
    expect(await testDb()('promoterApplications').first('name', 'phoneNumber', 'email', 'city', 'message')).toEqual({
      name: 'Ravi Kumar',
      phoneNumber: '9876543210',
      email: 'ravi@example.com',
      city: 'Pune',
      message: 'I run a college club.',
    });
  });

  it('400 with the spec messages for bad fields; nothing stored', async () => {
    const { request } = createTestApp();
    const res = await request.post('/api/promoter-applications').send({ name: '', phoneNumber: '12345', email: 'nope', city: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: 'Name is required',
      phoneNumber: 'Please enter a valid phone number',
      email: 'Invalid email address',
      city: 'City is required',
    });
    expect(await testDb()('promoterApplications').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('promoterApplications.create over tRPC', async () => {
    createTestApp();
    const row = await createCaller(createContextInner()).promoterApplications.create({ name: 'Meera', phoneNumber: '9123456789', city: 'Chennai' });
    expect(row.id).toEqual(expect.any(Number));
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('each client IP may send PROMOTER_APPLICATIONS_PER_IP_PER_HOUR (default 5) an hour, REST and tRPC together', async () => {
    let now = new Date('2026-11-21T10:15:00Z');
    const { env, request } = createTestApp({ now: () => now, envOverrides: { TRUST_PROXY: '1' } });
    expect(env.PROMOTER_APPLICATIONS_PER_IP_PER_HOUR).toBe(5);
    // The test client is the load balancer (TRUST_PROXY=1): X-Forwarded-For names the client.
    const form = { name: 'Meera', phoneNumber: '9123456789', city: 'Chennai' };
    const from = (ip: string) => request.post('/api/promoter-applications').set('X-Forwarded-For', ip).send(form);
    for (let i = 0; i < 4; i++) expect((await from('198.51.100.7')).status).toBe(201);
    const caller = createCaller(createContextInner({ ip: '198.51.100.7' }));
    await caller.promoterApplications.create(form);
    const refused = await from('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PROMOTER_MESSAGES.tooMany);
    expect(Number(refused.headers['retry-after'])).toBe(45 * 60);
    await expect(caller.promoterApplications.create(form)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: PROMOTER_MESSAGES.tooMany });
    const overHttp = await request.post('/trpc/promoterApplications.create').set('X-Forwarded-For', '198.51.100.7').set('Content-Type', 'application/json').send({ json: form });
    expect(overHttp.status).toBe(429);
    expect(overHttp.headers['retry-after']).toBe(String(45 * 60));
    expect((await from('203.0.113.4')).status).toBe(201);
    expect(await testDb()('promoterApplications').count({ n: '*' }).first()).toEqual({ n: 6 });
    now = new Date('2026-11-21T11:00:00Z');
    expect((await from('198.51.100.7')).status).toBe(201);
  });

  it('a form refused by validation counts nothing', async () => {
    const { request } = createTestApp({ envOverrides: { PROMOTER_APPLICATIONS_PER_IP_PER_HOUR: '1' } });
    expect((await request.post('/api/promoter-applications').send({ name: '' })).status).toBe(400);
    expect((await request.post('/api/promoter-applications').send({ name: 'Meera', phoneNumber: '9123456789', city: 'Chennai' })).status).toBe(201);
    expect((await request.post('/api/promoter-applications').send({ name: 'Meera', phoneNumber: '9123456789', city: 'Chennai' })).status).toBe(429);
  });
});
