import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, type createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertShopper, shopperApp } from '../../test/factories.ts';

useTestDatabase();

let consumerId: number;
let auth: { Authorization: string };
let app: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  ({ app, consumerId, auth } = await shopperApp());
});

describe('POST /api/user/help-and-support', () => {
  it("a signed-in shopper's subject and message are enough; name, email and phone come from the profile", async () => {
    const res = await app.request
      .post('/api/user/help-and-support')
      .set(auth)
      .send({ subject: 'Coupon', message: 'My coupon did not apply.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ticketId: expect.any(Number) });
    expect(await testDb()('supportTickets').where({ id: res.body.ticketId }).first()).toMatchObject({
      consumerId,
      name: 'Asha Rao',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      subject: 'Coupon',
    });
  });

  it('validates what is given (400 with the field), and stays closed to anonymous callers (401)', async () => {
    const bad = await app.request
      .post('/api/user/help-and-support')
      .set(auth)
      .send({ email: 'asha@', phoneNumber: '12345', subject: 'Hi', message: 'Help' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ email: 'Invalid email address', phoneNumber: 'Please enter a valid phone number' });
    const anonymous = await app.request
      .post('/api/user/help-and-support')
      .send({ name: 'Asha Rao', email: 'asha@example.in', subject: 'Hi', message: 'Help' });
    expect(anonymous.status).toBe(401);
    expect(await testDb()('supportTickets').count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('a profile without an email: 400 "Email is required" on email until one is given', async () => {
    const noEmail = await insertShopper(testDb(), TEST_SECRET, { phoneNumber: '9123456789', email: null, referralCode: 'MENOMAIL1' });
    const noEmailAuth = await bearer('consumer', noEmail);
    const res = await app.request.post('/api/user/help-and-support').set(noEmailAuth).send({ subject: 'Hi', message: 'Help' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email is required');
    expect(res.body.errors.email).toBe('Email is required');
  });
});
