import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { fakeSms } from '../../test/fake-sms.ts';

useTestDatabase();

/** SPEC §5 on the wire: a pasted number with its +91 or trunk 0 is the same ten digits on both transports. */
describe('pasted phone numbers', () => {
  it('REST: sign up with "+91 98765 43210", log in with "098765 43210": one account, texts to the ten digits', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const signup = await request
      .post('/api/onboarding/signup')
      .send({ phoneNumber: '+91 98765 43210', name: 'Asha Rao', email: 'asha@example.in' });
    expect(signup.status).toBe(200);
    expect(sms.sent.at(-1)!.to).toBe('9876543210');
    const verify = await request.post('/api/onboarding/verifyOtp').send({ userId: signup.body.userId, otp: sms.lastCode() });
    expect(verify.status).toBe(200);
    expect(verify.body.userDetails.PHONE_NUMBER).toBe('9876543210');

    const login = await request.post('/api/onboarding/login').send({ phoneNumber: '098765 43210' });
    expect(login.status).toBe(200);
    expect(sms.sent.at(-1)!.to).toBe('9876543210');
  });

  it('tRPC: "+91-98765-43210" signs up as 9876543210; a 12-digit number without 91 is refused', async () => {
    const sms = fakeSms();
    const { request } = createTestApp({ sms });
    const signup = await request
      .post('/trpc/auth.signup')
      .send({ json: { phoneNumber: '+91-98765-43210', name: 'Asha Rao', email: 'asha@example.in' } });
    expect(signup.status).toBe(200);
    expect(sms.sent.at(-1)!.to).toBe('9876543210');

    const refused = await request.post('/trpc/auth.login').send({ json: { phoneNumber: '92 98765 43210' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.json.message).toBe('Please enter a valid phone number');
  });
});
