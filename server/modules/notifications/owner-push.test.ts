import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { fakeAppPush, fakeEmail, fakeWebPush } from '../../test/fake-notify.ts';
import { businessCaller, businessWorld, callerFor, grant, insertConsumer, insertOwner, setBaseDiscount, type BusinessWorld } from '../../test/factories.ts';
import { runtime } from '../../lib/runtime.ts';
import { createOrder } from '../orders/service.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { NOTIFICATION_JOBS } from './jobs.ts';
import { rupees } from './messages.ts';
import { MAX_DEVICES_PER_KIND, NOTIFICATION_MESSAGES } from './schema.ts';
import { drainNotificationJobs } from '../../test/notification-jobs.ts';

/**
 * Owners' payment alerts (issue 30, docs/notifications.md "Owners' payment alerts"): a business account
 * (master or sub-account) subscribes a browser from the counter; a capture pushes "₹… received on
 * Bachat" to every account that may use the outlet now, and to no one else.
 */

useTestDatabase();

const sms = fakeSms();
const webPush = fakeWebPush();
/** Monday 23 November 2026, 11:00 IST (the business world's outlets open 09:00–23:00). */
const MONDAY_11 = new Date('2026-11-23T05:30:00Z');
let clock = MONDAY_11;
let app: ReturnType<typeof createTestApp>;

beforeEach(async () => {
  await testDb().raw(`DELETE FROM pgboss.job WHERE name LIKE 'notifications.%'`);
  clock = MONDAY_11;
  sms.sent.length = 0;
  webPush.sent.length = 0;
  webPush.answer = () => ({ ok: true, status: 201 });
  app = createTestApp({ now: () => clock, email: fakeEmail(), sms, webPush, appPush: fakeAppPush() });
});

const drainAll = drainNotificationJobs;

const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
const browser = (name: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys });

async function subscribe(ownerId: number, name: string) {
  return (await businessCaller(ownerId)).notifications.subscribeOwnerPush(browser(name));
}

let seq = 0;
/** A shopper pays ₹1,000 at the outlet through the sandbox checkout (the real capture, its domain event). */
async function payBill(outletId: number, tableNumber?: number) {
  const shopper = await insertConsumer('Asha Rao');
  const order = await createOrder(
    shopper,
    createOrderInputSchema.parse({ outletId, amount: '1000', idempotencyKey: `owner-push-${String(++seq).padStart(8, '0')}`, tableNumber }),
  );
  await completeDemoCheckout(shopper, order.orderId, 'pay');
  const row = await testDb()('orders').where({ publicId: order.orderId }).first('id', 'amountPaise', 'tableNumber');
  return row!;
}

const pushedTo = () => webPush.sent.map((s) => s.target.endpoint.split('/').pop()).sort();

describe('owners subscribe a browser for payment alerts', () => {
  it('the same endpoint rule as shoppers: a foreign host is a 400 with the clear message (English and Hindi), and nothing is saved', async () => {
    const w = await businessWorld();
    const a = await businessCaller(w.ownerA);
    for (const endpoint of ['https://metadata.google.internal/computeMetadata/v1/', 'https://127.0.0.1/x', 'https://evil.example/push', 'http://fcm.googleapis.com/fcm/send/x']) {
      await expect(a.notifications.subscribeOwnerPush({ endpoint, keys }), endpoint).rejects.toMatchObject({ code: 'BAD_REQUEST', message: NOTIFICATION_MESSAGES.notPushService });
    }
    const send = (language: string) =>
      app.request.post('/api/business/push-subscription').set(w.authA).set('Accept-Language', language).send({ endpoint: 'https://evil.example/push', keys });
    const english = await send('en');
    expect(english.status).toBe(400);
    expect(english.body.message).toBe(NOTIFICATION_MESSAGES.notPushService);
    const hindi = await send('hi-IN,hi;q=0.9');
    expect(hindi.status).toBe(400);
    expect(hindi.body.message).toBe('पुश नोटिफ़िकेशन सिर्फ़ ब्राउज़र की पुश सेवा (Chrome, Firefox, Safari या Edge) से भेजे जा सकते हैं; यह सब्सक्रिप्शन किसी दूसरी जगह का है।');
    expect(await testDb()('pushSubscriptions')).toHaveLength(0);
  });

  it('subscribe, read whether this device is on, unsubscribe: over tRPC and REST; a shopper has no access and a disabled account is refused', async () => {
    const w = await businessWorld();
    const sub = await businessCaller(w.subA);
    expect(await sub.notifications.ownerPushDevice({ endpoint: browser('till').endpoint })).toEqual({ subscribed: false, devices: 0 });
    expect(await sub.notifications.subscribeOwnerPush(browser('till'))).toEqual({ subscribed: true, devices: 1 });
    expect(await testDb()('pushSubscriptions').first('consumerId', 'businessOwnerId')).toEqual({ consumerId: null, businessOwnerId: w.subA });
    // REST, the same service.
    const read = await app.request.get('/api/business/push-subscription').query({ endpoint: browser('till').endpoint }).set(w.authSubA);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ subscribed: true, devices: 1 });
    const posted = await app.request.post('/api/business/push-subscription').set(w.authSubA).send(browser('phone'));
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ subscribed: true, devices: 2 });
    // Another account's endpoint is not yours to remove.
    expect(await (await businessCaller(w.ownerA)).notifications.unsubscribeOwnerPush({ endpoint: browser('till').endpoint })).toMatchObject({ removed: false });
    const removed = await app.request.delete('/api/business/push-subscription').set(w.authSubA).send({ endpoint: browser('phone').endpoint });
    expect(removed.body).toEqual({ subscribed: false, devices: 1, removed: true });
    // Business routes want a business session.
    const shopper = await insertConsumer('Asha');
    await expect((await callerFor(shopper)).notifications.subscribeOwnerPush(browser('x'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await app.request.post('/api/business/push-subscription').set(await bearer('consumer', shopper)).send(browser('x'))).status).toBe(401);
    // A disabled account subscribes nothing.
    const caller = await businessCaller(w.subB);
    await testDb()('businessOwners').where({ id: w.subB }).update({ isActive: false });
    await expect(caller.notifications.subscribeOwnerPush(browser('disabled'))).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
    expect(await testDb()('pushSubscriptions').where({ businessOwnerId: w.subB })).toHaveLength(0);
  });

  it(`keeps the account's newest ${MAX_DEVICES_PER_KIND} browsers (the 11th drops the oldest), whatever the shopper side holds`, async () => {
    const w = await businessWorld();
    for (let i = 1; i <= MAX_DEVICES_PER_KIND + 2; i++) {
      clock = new Date(MONDAY_11.getTime() + i * 1000);
      await subscribe(w.ownerA, `a-${i}`);
    }
    const kept = await testDb()('pushSubscriptions').where({ businessOwnerId: w.ownerA }).orderBy('id').pluck('endpoint');
    expect(kept).toEqual(Array.from({ length: MAX_DEVICES_PER_KIND }, (_, i) => browser(`a-${i + 3}`).endpoint));
    // Racing registrations keep no more than ten either (the account's row is locked).
    await Promise.all(Array.from({ length: 6 }, (_, i) => subscribe(w.ownerA, `race-${i}`)));
    expect(await testDb()('pushSubscriptions').where({ businessOwnerId: w.ownerA })).toHaveLength(MAX_DEVICES_PER_KIND);
    // Another account is untouched.
    await subscribe(w.ownerB, 'b-1');
    expect(await testDb()('pushSubscriptions').where({ businessOwnerId: w.ownerB })).toHaveLength(1);
  });

  it('one browser, one recipient: the endpoint moves between a shopper and an account, whoever subscribed last', async () => {
    const w = await businessWorld();
    const shopper = await insertConsumer('Asha');
    await (await callerFor(shopper)).notifications.subscribePush(browser('shared'));
    await subscribe(w.ownerA, 'shared');
    expect(await testDb()('pushSubscriptions').select('consumerId', 'businessOwnerId')).toEqual([{ consumerId: null, businessOwnerId: w.ownerA }]);
    await (await callerFor(shopper)).notifications.subscribePush(browser('shared'));
    expect(await testDb()('pushSubscriptions').select('consumerId', 'businessOwnerId')).toEqual([{ consumerId: shopper, businessOwnerId: null }]);
    // The table itself refuses a row of both or of neither.
    await expect(testDb()('pushSubscriptions').insert({ consumerId: shopper, businessOwnerId: w.ownerA, endpoint: browser('both').endpoint, p256dh: 'x', auth: 'y' })).rejects.toThrow(/push_subscriptions_one_owner_check/);
    await expect(testDb()('pushSubscriptions').insert({ endpoint: browser('none').endpoint, p256dh: 'x', auth: 'y' })).rejects.toThrow(/push_subscriptions_one_owner_check/);
  });
});

describe('a captured payment pushes "received on Bachat" to the accounts that may use the outlet', () => {
  /** A's second sub-account (granted only A's other outlet), a disabled sub-account granted the outlet, every account with a browser. */
  async function withBrowsers(w: BusinessWorld) {
    const subA2 = await insertOwner({ username: 'sub.a2', isMaster: false, masterId: w.ownerA, name: 'Kiran' });
    await grant(subA2, w.outletA2);
    const disabled = await insertOwner({ username: 'sub.off', isMaster: false, masterId: w.ownerA, name: 'Off' });
    await grant(disabled, w.outletA);
    for (const [id, name] of [
      [w.ownerA, 'ownerA'],
      [w.subA, 'subA'],
      [subA2, 'subA2'],
      [disabled, 'disabled'],
      [w.ownerB, 'ownerB'],
      [w.subB, 'subB'],
    ] as const) {
      await subscribe(id, name);
    }
    await testDb()('businessOwners').where({ id: disabled }).update({ isActive: false });
    await setBaseDiscount(w.outletA, 10);
    return { subA2, disabled };
  }

  it('the capture queues the alert in its transaction; the worker pushes the owner and the granted sub-account only, tagged by the order, opening the counter', async () => {
    const w = await businessWorld();
    await withBrowsers(w);
    const order = await payBill(w.outletA);
    // Queued with the capture, sent by the worker: nothing went out inside the capture.
    const queued = await testDb().raw(`SELECT data FROM pgboss.job WHERE name = 'notifications.payment-alert'`);
    expect(queued.rows.map((r: { data: unknown }) => r.data)).toEqual([{ orderId: order.id }]);
    expect(webPush.sent).toHaveLength(0);
    await drainAll();
    // Not the ungranted sub-account, not the disabled one, not another outlet's owner or their sub-account.
    expect(pushedTo()).toEqual(['ownerA', 'subA']);
    for (const s of webPush.sent) {
      expect(s.payload).toMatchObject({
        kind: 'payment_alert',
        title: `${rupees(order.amountPaise)} received on Bachat`,
        body: expect.stringMatching(/^Anita Cafe · Receipt BCH-[A-Z2-9]{8}$/),
        url: `/for-bussiness/dashboard/payments/${w.outletA}`,
        tag: `bachat-payment-${order.id}`,
      });
    }
    // Owners' alerts are not shoppers' inbox items, and they are sent once.
    const alertIds = await testDb()('notifications').where({ kind: 'payment_alert' }).pluck('id');
    expect(alertIds).toHaveLength(2);
    expect(await testDb()('inboxItems').whereIn('notificationId', alertIds)).toHaveLength(0);
    await drainAll();
    expect(webPush.sent).toHaveLength(2);
  });

  it("in the account's language, with the table when the shopper paid from a table's QR", async () => {
    const w = await businessWorld();
    await withBrowsers(w);
    await testDb()('businessOwners').where({ id: w.subA }).update({ language: 'hi' });
    const order = await payBill(w.outletA, 7);
    expect(order.tableNumber).toBe(7);
    await drainAll();
    const bySub = Object.fromEntries(webPush.sent.map((s) => [s.target.endpoint.split('/').pop(), s.payload]));
    expect(bySub.ownerA!.title).toBe(`${rupees(order.amountPaise)} received on Bachat · Table 7`);
    expect(bySub.subA!.title).toBe(`Bachat पर ${rupees(order.amountPaise, 'hi')} प्राप्त हुए · टेबल 7`);
    expect(bySub.subA!.body).toMatch(/^Anita Cafe · रसीद BCH-/);
  });

  it('access is checked when the alert is made and when it is sent: a grant revoked after the capture, or an account disabled, gets nothing', async () => {
    const w = await businessWorld();
    await withBrowsers(w);
    await payBill(w.outletA);
    // Revoked after the capture, before the worker ran.
    await testDb()('businessOwnerOutlets').where({ businessOwnerId: w.subA, outletId: w.outletA }).delete();
    await drainAll();
    expect(pushedTo()).toEqual(['ownerA']);
    // Made for both, then the master is disabled before the dispatch.
    webPush.sent.length = 0;
    await grant(w.subA, w.outletA);
    await payBill(w.outletA);
    await runtime().jobs.drain(NOTIFICATION_JOBS.find((j) => j.name === 'notifications.payment-alert')!);
    await testDb()('businessOwners').where({ id: w.ownerA }).update({ isActive: false });
    await drainAll();
    expect(pushedTo()).toEqual(['subA']);
  });

  it('an account without a browser subscribed gets no message at all; another outlet pays its own accounts', async () => {
    const w = await businessWorld();
    await setBaseDiscount(w.outletB, 10);
    await subscribe(w.subB, 'subB');
    await payBill(w.outletB);
    await drainAll();
    expect(pushedTo()).toEqual(['subB']);
    expect((await testDb()('notifications').where({ kind: 'payment_alert' }).select('businessOwnerId')).map((r) => r.businessOwnerId)).toEqual([w.subB]);
  });
});
