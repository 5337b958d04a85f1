import http from 'node:http';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import ece from 'http_ece';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { insertConsumer, insertOutlet, insertReference, setLastLocation, callerFor } from '../../test/factories.ts';
import { createLogger } from '../../lib/logger.ts';
import { createSmtpEmail } from '../../providers/email.ts';
import { createWebPush, deriveVapidKeys } from '../../providers/web-push.ts';
import { createOutboxAppPush } from '../../providers/fcm.ts';
import { getSettings } from '../users/service.ts';
import { saveShuffle } from '../shuffles/service.ts';
import { saveShuffleInputSchema } from '../shuffles/schema.ts';
import { notifyConsumer } from './service.ts';
import { drainNotificationJobs } from '../../test/notification-jobs.ts';

/**
 * The channels against real protocol peers on this machine: an SMTP server (smtp-server) for the email
 * round trip and its one-click unsubscribe, and a push service endpoint that checks the VAPID signature
 * and decrypts the payload (RFC 8291, aes128gcm) with the browser's keys.
 */
useTestDatabase();

const silent = createLogger({ level: 'silent' });

// ---------------------------------------------------------------- a real SMTP server

const mails: { from: string; to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort: number;

// ---------------------------------------------------------------- a push service endpoint

const pushes: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let pushStatus = 201;
let pushServer: http.Server;
let pushPort: number;
let pushOrigin: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  pushServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url?.startsWith('/push/redirect')) res.writeHead(303, { Location: `http://127.0.0.1:${pushPort}/internal/metadata` }).end();
      else res.writeHead(pushStatus).end();
    });
  });
  await new Promise<void>((r) => pushServer.listen(0, '127.0.0.1', r));
  pushPort = (pushServer.address() as AddressInfo).port;
  // The push service's name, resolved by the test (never DNS) to this machine's server.
  pushOrigin = `http://push.test:${pushPort}`;
});

afterAll(async () => {
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => pushServer.close(() => r()));
});

let app: ReturnType<typeof createTestApp>;
const vapid = deriveVapidKeys('channels-test-secret-0123456789abcdef');

beforeEach(async () => {
  await testDb().raw(`DELETE FROM pgboss.job WHERE name LIKE 'notifications.%'`);
  mails.length = 0;
  pushes.length = 0;
  pushStatus = 201;
  app = createTestApp({
    email: createSmtpEmail({ url: `smtp://127.0.0.1:${smtpPort}`, from: 'Bachat <no-reply@bachat.test>', pool: false }, silent),
    webPush: testPushProvider((a) => a === '127.0.0.1'),
    appPush: createOutboxAppPush(silent),
    sms: fakeSms(),
    // Midday IST: pushes are not held for quiet hours, whatever the time the suite runs.
    now: () => new Date('2026-11-23T06:30:00Z'),
    envOverrides: { PUBLIC_URL: 'https://bachat.test' },
  });
});

/**
 * The real provider with the push service at `push.test` (plain http, a test's own server) resolved to
 * 127.0.0.1; `allowAddress` says which addresses it may connect to (production: public ones only).
 */
function testPushProvider(allowAddress?: (address: string) => boolean) {
  return createWebPush(
    {
      keys: vapid,
      subject: 'mailto:support@bachat.test',
      endpoints: { hosts: ['push.test'], plainHttpForTests: true },
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress,
    },
    silent,
  );
}

const drainAll = drainNotificationJobs;

/** RFC 5322 headers of a raw message, folded lines joined. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const out: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    out[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

describe('email over SMTP, and its one-click unsubscribe (RFC 8058)', () => {
  it('a new-coupon alert goes through a real SMTP server; the List-Unsubscribe POST turns that one setting off', async () => {
    const refs = await insertReference();
    const outlet = await insertOutlet(refs, { name: 'Chai Point', opensAt: '00:00', closesAt: '23:59' });
    const shopper = await insertConsumer('Asha Rao');
    await saveShuffle(shopper, saveShuffleInputSchema.parse({ outletId: outlet }));
    await drainAll();

    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@bachat.test');
    expect(mail.to).toEqual(['asha@example.in']);
    const headers = headersOf(mail.raw);
    expect(headers.subject).toMatch(/^Your [\d.]+% coupon at Chai Point$/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/bachat\.test\/api\/notifications\/unsubscribe\?t=[^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(await testDb()('notificationDeliveries').where({ channel: 'email' }).pluck('status')).toEqual(['sent']);

    // What a mail client does for the one-click button: POST the URL with the form body.
    const url = new URL(link!);
    const res = await app.request
      .post(`${url.pathname}${url.search}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, flag: 'emailNewCouponAlerts', label: 'New coupon alerts' });
    const settings = await getSettings(shopper);
    expect(settings.emailNewCouponAlerts).toBe(false);
    expect(settings).toMatchObject({ emailExpiringCoupons: true, emailWeeklyDealsDigest: true, smsAlerts: true, enableAll: false });

    // A tampered token changes nothing.
    const bad = await app.request.post(`${url.pathname}${url.search.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`).send('List-Unsubscribe=One-Click');
    expect(bad.status).toBe(400);
    // Opening the link (GET) never unsubscribes: it leads to the page that asks.
    const page = await app.request.get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe(`/unsubscribe?t=${encodeURIComponent(url.searchParams.get('t')!)}`);
  });
});

describe('web push to a push service endpoint (VAPID, aes128gcm)', () => {
  it('the endpoint verifies the VAPID JWT and decrypts the payload with the subscription keys', async () => {
    const refs = await insertReference();
    await insertOutlet(refs, { name: 'Chai Point' });
    const shopper = await insertConsumer('Asha Rao');
    await setLastLocation(shopper, { km: 1 });
    // The browser's side: its P-256 key pair and auth secret.
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const authSecret = randomBytes(16);
    const caller = await callerFor(shopper);
    expect(await caller.notifications.pushConfig()).toEqual({ publicKey: vapid.publicKey });
    await caller.notifications.subscribePush({
      endpoint: `${pushOrigin}/push/device-1`,
      expirationTime: null,
      keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    });
    const id = await notifyConsumer({ consumerId: shopper, kind: 'flash_sale', subject: 'offer:1', title: 'Flash sale at Chai Point: 20% off', body: 'Lunch rush: 20% off 12:00–2:00 pm', url: '/restaurants/chai-point/instore-offers/1' });
    await drainAll();

    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;
    expect(push.path).toBe('/push/device-1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // VAPID (RFC 8292): Authorization: vapid t=<JWT ES256>, k=<our public key>.
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '');
    expect(auth?.[2]).toBe(vapid.publicKey);
    const [h, c, sig] = auth![1]!.split('.');
    const claims = JSON.parse(Buffer.from(c!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.sub).toBe('mailto:support@bachat.test');
    const pub = Buffer.from(vapid.publicKey, 'base64url');
    const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'))).toBe(true);
    // RFC 8291: only the subscription's private key and auth secret open the payload.
    const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: browser, authSecret: authSecret.toString('base64url') });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      id,
      kind: 'flash_sale',
      title: 'Flash sale at Chai Point: 20% off',
      body: 'Lunch rush: 20% off 12:00–2:00 pm',
      url: `/notifications?open=${(await testDb()('inboxItems').where({ notificationId: id! }).first('id'))!.id}`,
      tag: 'bachat-flash_sale',
    });
  });

  it('a subscription the push service answers 410 Gone for is deleted', async () => {
    const shopper = await insertConsumer('Asha Rao');
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const caller = await callerFor(shopper);
    await caller.notifications.subscribePush({
      endpoint: `${pushOrigin}/push/gone`,
      keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    pushStatus = 410;
    await notifyConsumer({ consumerId: shopper, kind: 'nearby_offer', subject: 'offer:2', title: 'T', body: 'B', url: '/' });
    await drainAll();
    expect(pushes).toHaveLength(1);
    expect(await testDb()('pushSubscriptions').where({ consumerId: shopper })).toHaveLength(0);
  });
});

describe('web push never reaches inside the network (issue 27)', () => {
  async function subscribed(endpoint: string) {
    const shopper = await insertConsumer('Asha Rao');
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    await testDb()('pushSubscriptions').insert({ consumerId: shopper, endpoint, p256dh: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') });
    return shopper;
  }

  it('a subscription whose push host resolves to 127.0.0.1 gets nothing posted: the delivery fails once, without retries', async () => {
    // The production address rule (public addresses only), with the name resolving to loopback.
    app = createTestApp({ webPush: testPushProvider(), appPush: createOutboxAppPush(silent), sms: fakeSms(), now: () => new Date('2026-11-23T06:30:00Z') });
    const shopper = await subscribed(`${pushOrigin}/push/loopback`);
    await notifyConsumer({ consumerId: shopper, kind: 'daily_deal', subject: 'day:2026-11-23', title: 'T', body: 'B', url: '/' });
    await drainAll();
    expect(pushes).toEqual([]);
    const [d] = await testDb()('notificationDeliveries').where({ channel: 'web_push' });
    expect(d).toMatchObject({ status: 'failed', attempts: 1, lastError: 'address refused: push.test resolves to a loopback address' });
  });

  it('a push service answering 303 to an internal address: not followed, the internal address is never asked, not retried', async () => {
    const shopper = await subscribed(`${pushOrigin}/push/redirect`);
    await notifyConsumer({ consumerId: shopper, kind: 'flash_sale', subject: 'offer:303', title: 'T', body: 'B', url: '/' });
    await drainAll();
    expect(pushes.map((p) => p.path)).toEqual(['/push/redirect']);
    const [d] = await testDb()('notificationDeliveries').where({ channel: 'web_push' });
    expect(d).toMatchObject({ status: 'failed', attempts: 1, lastError: 'push service answered 303 (redirects are not followed)' });
  });

  it('a subscription left from before the rule (any other host) is deleted at its first push, never posted to', async () => {
    const shopper = await subscribed(`http://127.0.0.1:${pushPort}/push/legacy`);
    await notifyConsumer({ consumerId: shopper, kind: 'nearby_offer', subject: 'offer:legacy', title: 'T', body: 'B', url: '/' });
    await drainAll();
    expect(pushes).toEqual([]);
    expect(await testDb()('pushSubscriptions').where({ consumerId: shopper })).toHaveLength(0);
  });
});

describe('POST /api/notification/fcm-token (SPEC §7)', () => {
  it('stores the token for the signed-in shopper; another shopper registering it takes it over; bad input is a 400', async () => {
    const a = await insertConsumer('Asha Rao');
    const b = await insertConsumer('Bala');
    const token = 'dGVzdC10b2tlbi0x:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx';
    expect((await app.request.post('/api/notification/fcm-token').send({ fcmToken: token })).status).toBe(401);
    const bad = await app.request.post('/api/notification/fcm-token').set(await bearer('consumer', a)).send({ fcmToken: '' });
    expect(bad.status).toBe(400);
    expect(await testDb()('fcmTokens')).toHaveLength(0);
    const ok = await app.request.post('/api/notification/fcm-token').set(await bearer('consumer', a)).send({ fcmToken: token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true });
    await app.request.post('/api/notification/fcm-token').set(await bearer('consumer', a)).send({ token });
    expect(await testDb()('fcmTokens').select('consumerId', 'token', 'platform')).toEqual([{ consumerId: a, token, platform: 'android' }]);
    await app.request.post('/api/notification/fcm-token').set(await bearer('consumer', b)).send({ fcmToken: token });
    expect((await testDb()('fcmTokens').select('consumerId')).map((r) => r.consumerId)).toEqual([b]);
    const del = await app.request.delete('/api/notification/fcm-token').set(await bearer('consumer', b)).send({ fcmToken: token });
    expect(del.status).toBe(200);
    expect(await testDb()('fcmTokens')).toHaveLength(0);
  });

  it('a missing token is "fcmToken is required"; a too-short, too-long or malformed one is "not an FCM token" (English and Hindi)', async () => {
    const auth = await bearer('consumer', await insertConsumer('Asha Rao'));
    const post = (body: object, language = 'en') => app.request.post('/api/notification/fcm-token').set(auth).set('Accept-Language', language).send(body);
    for (const body of [{}, { fcmToken: '' }, { fcmToken: '   ' }, { platform: 'android' }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('fcmToken is required');
    }
    const notFcm = 'This is not an FCM token: send the registration token Firebase Messaging gave the app.';
    for (const fcmToken of ['abc', 'x'.repeat(31), `${'a'.repeat(40)} ${'b'.repeat(40)}`, `${'a'.repeat(40)}<script>`, 'A'.repeat(1025), 'Q'.repeat(3_900), 12345]) {
      const res = await post({ fcmToken });
      expect(res.status, String(fcmToken).slice(0, 40)).toBe(400);
      expect(res.body.message).toBe(notFcm);
      expect(res.body.errors).toMatchObject({ fcmToken: notFcm });
    }
    const hindi = await post({ fcmToken: 'abc' }, 'hi-IN,hi;q=0.9');
    expect(hindi.body.message).toBe('यह FCM टोकन नहीं है: Firebase Messaging ने ऐप को जो रजिस्ट्रेशन टोकन दिया है, वही भेजें।');
    expect(await testDb()('fcmTokens')).toHaveLength(0);
  });
});
