import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';

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
});
