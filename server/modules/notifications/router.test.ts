import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeAppPush, fakeEmail, fakeWebPush } from '../../test/fake-notify.ts';
import { callerFor, insertConsumer } from '../../test/factories.ts';
import { getSettings } from '../users/service.ts';
import { isAllowedPushEndpoint, notifyConsumer, unsubscribeToken } from './service.ts';

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
  it('outside tests: https on a named host only (no IP literal, no localhost)', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', 'production')).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', 'development')).toBe(true);
    for (const bad of ['http://fcm.googleapis.com/x', 'https://127.0.0.1/x', 'https://10.0.0.5/x', 'https://[::1]/x', 'https://localhost/x', 'https://metadata/x']) {
      expect(isAllowedPushEndpoint(bad, 'production'), bad).toBe(false);
    }
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
