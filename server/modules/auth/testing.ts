import type { Knex } from 'knex';
import { hashPhone } from '../../lib/crypto.ts';
import type { SmsMessage, SmsProvider } from '../../providers/sms.ts';

/** An SMS provider for tests: keeps every message so a test can read the codes. */
export function fakeSms(): SmsProvider & { sent: SmsMessage[]; lastCode: (to?: string) => string } {
  const sent: SmsMessage[] = [];
  return {
    name: 'fake',
    sent,
    async send(message) {
      sent.push(message);
    },
    lastCode(to) {
      const message = [...sent].reverse().find((m) => !to || m.to === to);
      const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
      if (!code) throw new Error(`no OTP sent${to ? ` to ${to}` : ''}`);
      return code;
    },
  };
}

/** A code that differs from `code` (for wrong tries). */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Inserts an active shopper (with settings) straight into the database; returns its id. */
export async function insertShopper(
  db: Knex,
  secret: string,
  overrides: { phoneNumber?: string; name?: string | null; email?: string | null; referralCode?: string } = {},
): Promise<number> {
  const phoneNumber = overrides.phoneNumber ?? '9876543210';
  const [row] = await db('consumers')
    .insert({
      phoneNumber,
      phoneHash: hashPhone(secret, phoneNumber),
      name: overrides.name === undefined ? 'Asha Rao' : overrides.name,
      email: overrides.email === undefined ? 'asha@example.in' : overrides.email,
      referralCode: overrides.referralCode ?? `ME${phoneNumber.slice(-6)}`,
    })
    .returning('id');
  const id = Number(row!.id);
  await db('consumerSettings').insert({ consumerId: id });
  return id;
}
