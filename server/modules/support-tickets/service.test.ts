import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { insertShopper } from '../../test/factories.ts';
import { createSupportTicketSchema } from './schema.ts';
import { createSupportTicket } from './service.ts';

useTestDatabase();

let consumerId: number;

beforeEach(async () => {
  createTestApp();
  consumerId = await insertShopper(testDb(), TEST_SECRET, { phoneNumber: '9876543210' });
});

const create = (id: number, body: Record<string, unknown>) => createSupportTicket(id, createSupportTicketSchema.parse(body));
const ticket = (id: number) => testDb()('supportTickets').where({ id }).first();

describe('createSupportTicket', () => {
  it("needs only subject and message: name, email and phone come from the shopper's profile", async () => {
    const { ticketId } = await create(consumerId, { subject: 'Coupon', message: 'My coupon did not apply.' });
    expect(await ticket(ticketId)).toMatchObject({
      consumerId,
      name: 'Asha Rao',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      subject: 'Coupon',
      message: 'My coupon did not apply.',
      status: 'open',
    });
  });

  it('blank contact fields count as left out', async () => {
    const { ticketId } = await create(consumerId, { name: ' ', email: '', phoneNumber: null, subject: 'Hi', message: 'Help' });
    expect(await ticket(ticketId)).toMatchObject({ name: 'Asha Rao', email: 'asha@example.in', phoneNumber: '9876543210' });
  });

  it('what is given is used as given, after the same validation', async () => {
    const { ticketId } = await create(consumerId, {
      name: 'Asha R',
      email: ' asha.work@example.in ',
      phoneNumber: '+91 91234 56780',
      subject: 'Hi',
      message: 'Help',
    });
    expect(await ticket(ticketId)).toMatchObject({ name: 'Asha R', email: 'asha.work@example.in', phoneNumber: '9123456780' });
    expect(createSupportTicketSchema.safeParse({ email: 'asha@', subject: 'Hi', message: 'Help' }).error?.issues[0]?.message).toBe(
      'Invalid email address',
    );
    expect(createSupportTicketSchema.safeParse({ phoneNumber: '12345', subject: 'Hi', message: 'Help' }).error?.issues[0]?.message).toBe(
      'Please enter a valid phone number',
    );
  });

  it('a profile without an email needs one given ("Email is required"), and stores nothing until then', async () => {
    const noEmail = await insertShopper(testDb(), TEST_SECRET, { phoneNumber: '9123456789', email: null, referralCode: 'MENOMAIL1' });
    await expect(create(noEmail, { subject: 'Hi', message: 'Help' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Email is required',
      details: { email: 'Email is required' },
    });
    expect(await testDb()('supportTickets').count({ n: '*' }).first()).toEqual({ n: 0 });
    const { ticketId } = await create(noEmail, { email: 'me@example.in', subject: 'Hi', message: 'Help' });
    expect(await ticket(ticketId)).toMatchObject({ email: 'me@example.in', phoneNumber: '9123456789' });
  });
});
