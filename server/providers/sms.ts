import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';

export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends text messages (OTP codes). Adapters: `console` (offline default) and `twilio` (HTTPS API). */
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

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** An E.164 number, a Messaging Service SID (`MG…`) or an alphanumeric sender ID. */
  from: string;
  /** `https://api.twilio.com` in production; tests point it at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Raised when the gateway refuses or fails a message; carries no message text. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: number | string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Indian mobile numbers are stored as ten digits; gateways want E.164 (`+91…`). */
export function toE164India(to: string): string {
  const digits = to.replace(/\D/g, '');
  if (to.startsWith('+')) return `+${digits}`;
  return `+91${digits.slice(-10)}`;
}

/**
 * Twilio's Programmable Messaging API over HTTPS: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded `To`, `Body` and `From` (or `MessagingServiceSid`), HTTP Basic auth with the account SID
 * and auth token. Only the outcome is logged, never the text (it carries a code).
 */
export function createTwilioSms(options: TwilioOptions, logger: Logger): SmsProvider {
  const base = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'twilio',
    async send({ to, text }) {
      const form = new URLSearchParams({ To: toE164India(to), Body: text });
      if (/^MG[0-9a-fA-F]{32}$/.test(options.from)) form.set('MessagingServiceSid', options.from);
      else form.set('From', options.from);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio request failed: ${(error as Error).name}`);
      }
      const body = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; status?: string };
      if (!res.ok) {
        logger.warn({ sms: { provider: 'twilio', status: res.status, code: body.code } }, 'sms refused');
        throw new SmsSendError(`Twilio refused the message (HTTP ${res.status}, code ${body.code ?? 'none'})`, res.status, body.code);
      }
      logger.info({ sms: { provider: 'twilio', sid: body.sid, status: body.status } }, 'sms sent (twilio)');
    },
  };
}

export function createSms(
  env: Pick<
    Env,
    'SMS_PROVIDER' | 'SMS_OUTBOX_FILE' | 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_BASE_URL'
  >,
  logger: Logger,
): SmsProvider {
  switch (env.SMS_PROVIDER) {
    case 'console':
      return createConsoleSms(logger, env.SMS_OUTBOX_FILE);
    case 'twilio':
      if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
        throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
      }
      return createTwilioSms(
        {
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_FROM,
          baseUrl: env.TWILIO_BASE_URL,
        },
        logger,
      );
  }
}
