import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends text messages (OTP codes). Adapters: `console` (offline default). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * Offline default. Logs that a message went out (never its text: it carries a code) and, when
 * `outboxFile` is set, appends `{"to","text","at"}` as one JSON line, which is how developers and the
 * e2e suite read codes.
 */
export function createConsoleSms(logger: Logger, outboxFile?: string): SmsProvider {
  return {
    name: 'console',
    async send({ to, text }) {
      logger.info({ sms: { to: `${to.slice(0, 2)}******${to.slice(-2)}`, length: text.length } }, 'sms sent (console)');
      if (outboxFile) {
        await fs.mkdir(path.dirname(path.resolve(outboxFile)), { recursive: true });
        await fs.appendFile(outboxFile, JSON.stringify({ to, text, at: new Date().toISOString() }) + '\n');
      }
    },
  };
}

export function createSms(env: Pick<Env, 'SMS_PROVIDER' | 'SMS_OUTBOX_FILE'>, logger: Logger): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case 'console':
      return createConsoleSms(logger, env.SMS_OUTBOX_FILE);
  }
}
