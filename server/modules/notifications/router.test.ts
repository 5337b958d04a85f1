import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeAppPush, fakeEmail, fakeWebPush } from '../../test/fake-notify.ts';
import { callerFor, insertConsumer } from '../../test/factories.ts';
import { getSettings } from '../users/service.ts';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, pushEndpointRefusal } from '../../providers/push-endpoints.ts';
import { up as dropOffServiceSubscriptions } from '../../../migrations/20261127090000_delete_push_subscriptions_off_push_services.ts';
import { NOTIFICATION_MESSAGES } from './schema.ts';
import { notifyConsumer, unsubscribeToken } from './service.ts';

useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeEach(() => {
  app = createTestApp({ email: fakeEmail(), webPush: fakeWebPush(), appPush: fakeAppPush() });
});

const receipt = (consumerId: number, n: number) =>
  notifyConsumer({ consumerId, kind: 'payment_receipt', subject: `order:${n}`, title: `Paid ₹${n}00.00 at Chai Point`, body: 'b', url: `/redeemed-history/${n}` });

describe('notifications over tRPC', () => {
  it('the inbox is the signed-in shopper\'s only; anonymous callers are refused', async () => {
    const asha = await insertConsumer('Asha');
    const bala = await insertConsumer('Bala');
    await receipt(asha, 1);
    await receipt(asha, 2);
    await receipt(bala, 3);
    const anon = await callerFor();
    await expect(anon.notifications.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anon.notifications.unreadCount()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const a = await callerFor(asha);
    const page = await a.notifications.list({});
    expect(page.items.map((i) => i.title)).toEqual(['Paid ₹200.00 at Chai Point', 'Paid ₹100.00 at Chai Point']);
    expect(await a.notifications.unreadCount()).toEqual({ unread: 2 });
    const [bItem] = (await (await callerFor(bala)).notifications.list({})).items;
    await expect(a.notifications.markRead({ id: bItem!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await a.notifications.markRead({ id: page.items[1]!.id })).toMatchObject({ url: '/redeemed-history/1', unread: 1 });
    expect(await a.notifications.markAllRead()).toEqual({ unread: 0, updated: 1 });
    // Bala's item is untouched.
    expect(await (await callerFor(bala)).notifications.unreadCount()).toEqual({ unread: 1 });
  });

  it('push subscriptions: validated, saved once per endpoint, moved to whoever subscribes last, removed', async () => {
    const asha = await insertConsumer('Asha');
    const bala = await insertConsumer('Bala');
    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    const a = await callerFor(asha);
    await expect(a.notifications.subscribePush({ ...sub, endpoint: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(a.notifications.subscribePush({ ...sub, keys: { p256dh: 'not base64!', auth: 'x' } })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await testDb()('pushSubscriptions')).toHaveLength(0);
    await a.notifications.subscribePush(sub);
    await a.notifications.subscribePush(sub);
    expect(await a.notifications.pushDevices()).toEqual({ endpoints: [sub.endpoint], appTokens: 0 });
    const b = await callerFor(bala);
    await b.notifications.subscribePush(sub);
    expect(await a.notifications.pushDevices()).toEqual({ endpoints: [], appTokens: 0 });
    expect(await a.notifications.unsubscribePush({ endpoint: sub.endpoint })).toEqual({ removed: false });
    expect(await b.notifications.unsubscribePush({ endpoint: sub.endpoint })).toEqual({ removed: true });
  });

  it('the unsubscribe page: describes the link, then turns only that setting off; a forged link is a 400', async () => {
    const asha = await insertConsumer('Asha');
    const anon = await callerFor();
    const token = unsubscribeToken(asha, 'emailWeeklyDealsDigest');
    expect(await anon.notifications.describeUnsubscribe({ token })).toEqual({ flag: 'emailWeeklyDealsDigest', label: 'Weekly deals digest' });
    const forged = token.replace(/^\d+/, String(asha + 1));
    await expect(anon.notifications.unsubscribe({ token: forged })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await getSettings(asha)).emailWeeklyDealsDigest).toBe(true);
    await anon.notifications.unsubscribe({ token });
    expect(await getSettings(asha)).toMatchObject({ emailWeeklyDealsDigest: false, emailNewCouponAlerts: true, enableAll: false });
  });
});

describe('push endpoints the server may post to', () => {
  const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

  it('only the browsers’ push services over https: anything else is a 400 with a clear message, in English and Hindi, and saves nothing', async () => {
    const asha = await insertConsumer('Asha');
    const a = await callerFor(asha);
    for (const endpoint of [
      'https://LOCALHOST./x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://kubernetes.default.svc/x',
      'https://127.0.0.1.nip.io/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
    ]) {
      await expect(a.notifications.subscribePush({ endpoint, keys }), endpoint).rejects.toMatchObject({ code: 'BAD_REQUEST', message: NOTIFICATION_MESSAGES.notPushService });
    }
    const auth = await bearer('consumer', asha);
    const send = (language: string) =>
      app.request
        .post('/trpc/notifications.subscribePush')
        .set(auth)
        .set('Accept-Language', language)
        .set('Content-Type', 'application/json')
        .send({ json: { endpoint: 'https://metadata.google.internal/computeMetadata/v1/', keys } });
    const english = await send('en');
    expect(english.status).toBe(400);
    expect(english.body.error.json.message).toBe(
      'Push notifications can only be sent through a browser push service (Chrome, Firefox, Safari or Edge); this subscription points elsewhere.',
    );
    const hindi = await send('hi-IN,hi;q=0.9');
    expect(hindi.status).toBe(400);
    expect(hindi.body.error.json.message).toBe('पुश नोटिफ़िकेशन सिर्फ़ ब्राउज़र की पुश सेवा (Chrome, Firefox, Safari या Edge) से भेजे जा सकते हैं; यह सब्सक्रिप्शन किसी दूसरी जगह का है।');
    expect(await testDb()('pushSubscriptions')).toHaveLength(0);
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/a1', 'https://updates.push.services.mozilla.com/wpush/v2/a2', 'https://web.push.apple.com/a3', 'https://wns2-pn1p.notify.windows.com/w/?token=a4']) {
      await a.notifications.subscribePush({ endpoint, keys });
    }
    expect(await testDb()('pushSubscriptions')).toHaveLength(4);
  });
});

describe('the migration that drops subscriptions off the push services', () => {
  it('deletes exactly the subscriptions the rule refuses (the default PUSH_ENDPOINT_HOSTS), and keeps the others', async () => {
    const asha = await insertConsumer('Asha');
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/keep-1',
      'https://FCM.GOOGLEAPIS.COM/fcm/send/keep-2',
      'https://updates.push.services.mozilla.com/wpush/v2/keep-3',
      'https://web.push.apple.com/keep-4',
      'https://wns2-pn1p.notify.windows.com/w/?token=keep-5',
      'https://LOCALHOST./x',
      'https://localhost/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://kubernetes.default.svc/x',
      'https://127.0.0.1.nip.io/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:4000/push/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://notify.windows.com/x',
      'https://x.notify.windows.com.evil.example/x',
    ];
    await testDb()('pushSubscriptions').insert(endpoints.map((endpoint) => ({ consumerId: asha, endpoint, p256dh: 'k', auth: 'a' })));
    await dropOffServiceSubscriptions(testDb());
    const kept = (await testDb()('pushSubscriptions').orderBy('id').pluck('endpoint')) as string[];
    expect(kept).toEqual(endpoints.filter((e) => pushEndpointRefusal(e, { hosts: DEFAULT_PUSH_ENDPOINT_HOSTS }) === null));
    expect(kept).toHaveLength(5);
  });
});

describe('devices are bounded (issue 27)', () => {
  const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
  let clock: Date;
  beforeEach(() => {
    clock = new Date('2026-11-23T06:30:00Z');
    app = createTestApp({ email: fakeEmail(), webPush: fakeWebPush(), appPush: fakeAppPush(), now: () => clock });
  });
  const tick = () => (clock = new Date(clock.getTime() + 1_000));
  const fcm = (n: number) => `device${String(n).padStart(3, '0')}:APA91b${'x'.repeat(40)}`;

  it('a shopper keeps their newest 10 app tokens: registering an 11th drops the oldest; re-registering makes a token newest', async () => {
    const asha = await insertConsumer('Asha');
    const bala = await insertConsumer('Bala');
    const a = await callerFor(asha);
    for (let n = 1; n <= 10; n++) {
      tick();
      await a.notifications.registerFcmToken({ fcmToken: fcm(n) });
    }
    await (await callerFor(bala)).notifications.registerFcmToken({ fcmToken: fcm(900) });
    tick();
    await a.notifications.registerFcmToken({ fcmToken: fcm(1) }); // token 1 is the newest now
    tick();
    await a.notifications.registerFcmToken({ fcmToken: fcm(11) }); // so token 2 goes
    const held = await testDb()('fcmTokens').where({ consumerId: asha }).orderBy('token').pluck('token');
    expect(held).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(fcm));
    // Another shopper's tokens are not touched.
    expect(await testDb()('fcmTokens').where({ consumerId: bala }).pluck('token')).toEqual([fcm(900)]);
  });

  it('token after token (40 of ~1 KB here; 2,000 in the report) leaves 10, so a push fans out to at most 10 app calls', async () => {
    const asha = await insertConsumer('Asha');
    const auth = await bearer('consumer', asha);
    for (let n = 1; n <= 40; n++) {
      tick();
      const res = await app.request.post('/api/notification/fcm-token').set(auth).send({ fcmToken: `${fcm(n)}${'y'.repeat(900)}` });
      expect(res.status).toBe(200);
    }
    expect(await testDb()('fcmTokens').where({ consumerId: asha }).count({ n: '*' }).first()).toEqual({ n: 10 });
  });

  it('a shopper keeps their newest 10 browsers (web push subscriptions), in the same transaction as the new one', async () => {
    const asha = await insertConsumer('Asha');
    const a = await callerFor(asha);
    const endpoint = (n: number) => `https://fcm.googleapis.com/fcm/send/browser-${n}`;
    for (let n = 1; n <= 12; n++) {
      tick();
      await a.notifications.subscribePush({ endpoint: endpoint(n), keys });
      const count = Number((await testDb()('pushSubscriptions').where({ consumerId: asha }).count({ n: '*' }).first())!.n);
      expect(count).toBe(Math.min(n, 10));
    }
    expect((await a.notifications.pushDevices()).endpoints.sort()).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(endpoint).sort());
  });

  it('registrations racing for one shopper still leave at most 10', async () => {
    const asha = await insertConsumer('Asha');
    const a = await callerFor(asha);
    await Promise.all(Array.from({ length: 25 }, (_, n) => a.notifications.registerFcmToken({ fcmToken: fcm(n + 1) })));
    expect(Number((await testDb()('fcmTokens').where({ consumerId: asha }).count({ n: '*' }).first())!.n)).toBe(10);
  });
});

describe('notifications over REST', () => {
  it('GET /api/notifications and POST /api/notifications/:id/read and /read-all', async () => {
    const asha = await insertConsumer('Asha');
    await receipt(asha, 1);
    expect((await app.request.get('/api/notifications')).status).toBe(401);
    const auth = await bearer('consumer', asha);
    const list = await app.request.get('/api/notifications?limit=5').set(auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ unread: 1, nextCursor: null, items: [{ kind: 'payment_receipt', title: 'Paid ₹100.00 at Chai Point', url: '/redeemed-history/1', readAt: null }] });
    expect((await app.request.get('/api/notifications?limit=500').set(auth)).status).toBe(400);
    const id = list.body.items[0].id as number;
    expect((await app.request.post('/api/notifications/abc/read').set(auth)).status).toBe(400);
    expect((await app.request.post(`/api/notifications/${id + 99}/read`).set(auth)).status).toBe(404);
    const read = await app.request.post(`/api/notifications/${id}/read`).set(auth);
    expect(read.body).toEqual({ id, url: '/redeemed-history/1', unread: 0 });
    expect((await app.request.post('/api/notifications/read-all').set(auth)).body).toEqual({ unread: 0, updated: 0 });
  });
});
