import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createECDH, generateKeyPairSync, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { EnvError, parseEnv } from '../env.ts';
import { createEmail, createOutboxEmail } from './email.ts';
import { createFcmAppPush } from './fcm.ts';
import { deriveVapidKeys, vapidKeysOf } from './web-push.ts';

const silent = createLogger({ level: 'silent' });

describe('VAPID keys', () => {
  it('are derived from APP_SECRET deterministically, a valid P-256 pair, and differ per secret', () => {
    const a = deriveVapidKeys('secret-a-0123456789abcdef0123456789');
    expect(deriveVapidKeys('secret-a-0123456789abcdef0123456789')).toEqual(a);
    expect(deriveVapidKeys('secret-b-0123456789abcdef0123456789').publicKey).not.toBe(a.publicKey);
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(a.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(a.privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(a.publicKey);
  });

  it('explicit VAPID_* keys win; one without the other stops the start; a bad private key never appears in the error', () => {
    const pair = deriveVapidKeys('another-secret-0123456789abcdef0123');
    expect(vapidKeysOf({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }, 'x')).toEqual(pair);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(EnvError);
    const error = (() => {
      try {
        parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'not-a-key!secret-value' });
      } catch (e) {
        return e as Error;
      }
      return null;
    })();
    expect(error?.message).toContain('VAPID_PRIVATE_KEY');
    expect(error?.message).not.toContain('secret-value');
  });
});

describe('email outbox (the offline default)', () => {
  it('appends each message as one JSON line, defaulting to DATA_DIR/email-outbox.jsonl', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-email-'));
    const email = createEmail(parseEnv({ DATA_DIR: dir }), silent);
    expect(email.name).toBe('outbox');
    await email.send({ to: 'asha@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', headers: { 'List-Unsubscribe': '<https://x/u>' } });
    const lines = fs.readFileSync(path.join(dir, 'email-outbox.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ to: 'asha@example.in', subject: 'Hello', text: 'Hi', headers: { 'List-Unsubscribe': '<https://x/u>' }, at: expect.any(String) }),
    ]);
    // Without a file it only logs.
    await createOutboxEmail(silent).send({ to: 'a@b.in', subject: 's', text: 't', html: 'h' });
  });

  it('EMAIL_PROVIDER=smtp needs SMTP_URL, and the URL (it holds a password) never appears in an error', () => {
    expect(() => parseEnv({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL: is required when EMAIL_PROVIDER=smtp/);
    expect(() => parseEnv({ SMTP_URL: 'http://user:hunter2@mail' })).toThrow(/value hidden/);
  });
});

// ---------------------------------------------------------------- FCM HTTP v1 against a local fake

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const received: { path: string; auth: string; body: string }[] = [];
let tokenCalls = 0;
let sendAnswer: () => { status: number; body: unknown } = () => ({ status: 200, body: { name: 'projects/bachat-test/messages/0:123' } });
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body: raw });
      if (req.url === '/token') {
        tokenCalls++;
        const form = new URLSearchParams(raw);
        const [h, c, s] = (form.get('assertion') ?? '').split('.');
        const ok =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          verify('RSA-SHA256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s ?? '', 'base64url'));
        const claims = JSON.parse(Buffer.from(c ?? '', 'base64url').toString() || '{}') as { iss?: string; scope?: string; aud?: string };
        if (!ok || claims.iss !== 'push@bachat-test.iam.gserviceaccount.com' || claims.aud !== `${base}/token`) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        expect(claims.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'ya29.test-token', expires_in: 3599 }));
        return;
      }
      if (req.headers.authorization !== 'Bearer ya29.test-token') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { status: 'UNAUTHENTICATED' } }));
        return;
      }
      const { status, body } = sendAnswer();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('FCM HTTP v1 adapter (against a local fake of the token endpoint and the FCM API)', () => {
  const fcm = () =>
    createFcmAppPush(
      {
        projectId: 'bachat-test',
        clientEmail: 'push@bachat-test.iam.gserviceaccount.com',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        apiBase: base,
        tokenUrl: `${base}/token`,
      },
      silent,
    );
  const message = { title: 'Deal of the day', body: '20% off at Chai Point', data: { url: '/notifications?open=1', notificationId: '1' }, ttlSeconds: 3600 };

  it('exchanges a signed service-account JWT for an access token once, then posts messages:send per device', async () => {
    received.length = 0;
    tokenCalls = 0;
    const push = fcm();
    expect(await push.send('device-token-1', message)).toEqual({ ok: true, id: 'projects/bachat-test/messages/0:123' });
    expect(await push.send('device-token-2', message)).toMatchObject({ ok: true });
    expect(tokenCalls).toBe(1);
    const sends = received.filter((r) => r.path !== '/token');
    expect(sends.map((s) => s.path)).toEqual(['/v1/projects/bachat-test/messages:send', '/v1/projects/bachat-test/messages:send']);
    expect(JSON.parse(sends[0]!.body)).toEqual({
      message: {
        token: 'device-token-1',
        notification: { title: 'Deal of the day', body: '20% off at Chai Point' },
        data: { url: '/notifications?open=1', notificationId: '1' },
        android: { ttl: '3600s', priority: 'HIGH', notification: { click_action: 'OPEN_URL' } },
      },
    });
  });

  it('reports an UNREGISTERED token (to be forgotten) and treats 5xx as retryable', async () => {
    sendAnswer = () => ({ status: 404, body: { error: { status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } } });
    expect(await fcm().send('old-token', message)).toMatchObject({ ok: false, unregistered: true, retryable: false });
    sendAnswer = () => ({ status: 503, body: { error: { status: 'UNAVAILABLE' } } });
    expect(await fcm().send('token', message)).toMatchObject({ ok: false, unregistered: false, retryable: true });
    sendAnswer = () => ({ status: 200, body: { name: 'projects/bachat-test/messages/0:124' } });
  });
});
