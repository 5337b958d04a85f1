import type { SmsMessage, SmsProvider } from '../providers/sms.ts';

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
