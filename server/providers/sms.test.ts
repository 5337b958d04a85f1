import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { parseEnv, EnvError } from '../env.ts';
import { createSms, createTwilioSms, SmsSendError, toE164India } from './sms.ts';

/** A local fake of Twilio's Messages API: records requests, answers like Twilio does. */
const received: { method: string; url: string; auth: string; contentType: string; form: URLSearchParams }[] = [];
let respond: (form: URLSearchParams) => { status: number; body: unknown } = () => ({
  status: 201,
  body: { sid: 'SM0123', status: 'queued' },
});
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      const { status, body } = respond(form);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const SID = `AC${'a'.repeat(32)}`;
const silent = createLogger({ level: 'silent' });

describe('Twilio SMS adapter (against a local fake of its API)', () => {
  it('posts a form to the Messages endpoint with Basic auth and an E.164 Indian number', async () => {
    received.length = 0;
    const sms = createTwilioSms({ accountSid: SID, authToken: 'tok_0123456789abcdef', from: '+15005550006', baseUrl }, silent);
    await sms.send({ to: '9876543210', text: '123456 is your Bachat OTP.' });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.method).toBe('POST');
    expect(r.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r.auth).toBe(`Basic ${Buffer.from(`${SID}:tok_0123456789abcdef`).toString('base64')}`);
    expect(r.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r.form)).toEqual({ To: '+919876543210', Body: '123456 is your Bachat OTP.', From: '+15005550006' });
  });

  it('uses MessagingServiceSid when the sender is a Messaging Service', async () => {
    received.length = 0;
    const mg = `MG${'b'.repeat(32)}`;
    await createTwilioSms({ accountSid: SID, authToken: 'tok_0123456789abcdef', from: mg, baseUrl }, silent).send({
      to: '9876543210',
      text: 'hi',
    });
    expect(received[0]!.form.get('MessagingServiceSid')).toBe(mg);
    expect(received[0]!.form.get('From')).toBeNull();
  });

  it('throws a SmsSendError naming status and Twilio code, without the text, when refused', async () => {
    respond = () => ({ status: 400, body: { code: 21211, message: "The 'To' number is not valid.", status: 400 } });
    const lines: string[] = [];
    const logger = createLogger({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const sms = createTwilioSms({ accountSid: SID, authToken: 'tok_0123456789abcdef', from: '+15005550006', baseUrl }, logger);
    const error = await sms.send({ to: '9876543210', text: '654321 is your Bachat OTP.' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ status: 400, providerCode: 21211 });
    expect((error as Error).message).not.toContain('654321');
    expect(lines.join('')).not.toContain('654321');
    respond = () => ({ status: 201, body: { sid: 'SM1', status: 'queued' } });
  });

  it('fails cleanly when the gateway cannot be reached', async () => {
    const sms = createTwilioSms(
      { accountSid: SID, authToken: 'tok_0123456789abcdef', from: '+15005550006', baseUrl: 'http://127.0.0.1:1' },
      silent,
    );
    await expect(sms.send({ to: '9876543210', text: 'x' })).rejects.toBeInstanceOf(SmsSendError);
  });

  it('is chosen by SMS_PROVIDER=twilio, which requires its credentials', async () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'twilio' })).toThrow(EnvError);
    const env = parseEnv({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'tok_0123456789abcdef',
      TWILIO_FROM: 'BACHAT',
      TWILIO_BASE_URL: baseUrl,
    });
    received.length = 0;
    const sms = createSms(env, silent);
    expect(sms.name).toBe('twilio');
    await sms.send({ to: '09876543210', text: 'hello' });
    expect(received[0]!.form.get('To')).toBe('+919876543210');
    expect(received[0]!.form.get('From')).toBe('BACHAT');
  });

  it('formats Indian numbers as E.164', () => {
    expect(toE164India('9876543210')).toBe('+919876543210');
    expect(toE164India('09876543210')).toBe('+919876543210');
    expect(toE164India('+1 415 555 0100')).toBe('+14155550100');
  });
});
