import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { createCaller } from '../../trpc/app-router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { createSession, resolveSession } from '../sessions/service.ts';
import { insertShopper } from '../../test/factories.ts';

useTestDatabase();

let consumerId: number;

async function callerFor(id: number) {
  const { token } = await createSession({ kind: 'consumer', principalId: id });
  return createCaller(createContextInner({ principal: await resolveSession(token), ip: '10.1.1.1' }));
}

beforeEach(async () => {
  createTestApp();
  consumerId = await insertShopper(testDb(), TEST_SECRET);
});

describe('supportTickets.create (tRPC)', () => {
  it("a signed-in shopper sends subject and message only; the rest comes from the profile", async () => {
    const caller = await callerFor(consumerId);
    const result = await caller.supportTickets.create({ subject: 'Coupon', message: 'My coupon did not apply.' });
    expect(result).toEqual({ success: true, ticketId: expect.any(Number) });
    expect(await testDb()('supportTickets').where({ id: result.ticketId }).first()).toMatchObject({
      consumerId,
      name: 'Asha Rao',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
    });
  });

  it('still validates what is given, and refuses anonymous callers', async () => {
    const caller = await callerFor(consumerId);
    await expect(caller.supportTickets.create({ email: 'asha@', subject: 'Hi', message: 'Help' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const anon = createCaller(createContextInner({ principal: null, ip: '10.1.1.1' }));
    await expect(
      anon.supportTickets.create({ name: 'Asha', email: 'asha@example.in', subject: 'Hi', message: 'Help' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
