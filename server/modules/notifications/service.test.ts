import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { fakeAppPush, fakeEmail, fakeWebPush } from '../../test/fake-notify.ts';
import {
  addSlot,
  insertConsumer,
  insertCoupon,
  insertFcmToken,
  insertOutlet,
  insertOwner,
  insertPushSubscription,
  insertReference,
  setBaseDiscount,
  setLastLocation,
} from '../../test/factories.ts';
import { runtime } from '../../lib/runtime.ts';
import { updateSettings } from '../users/service.ts';
import type { NotificationFlag } from '../users/schema.ts';
import { saveShuffle } from '../shuffles/service.ts';
import { saveShuffleInputSchema } from '../shuffles/schema.ts';
import { createOrder } from '../orders/service.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { createAd, scheduleAd } from '../promotions/service.ts';
import { dailyDeal, expiringCouponReminders, offerStarted, settlementSummaries, weeklyDigest, type OfferMoment } from './producers.ts';
import {
  createNotifications,
  dispatchNotifications,
  listInbox,
  markAllRead,
  markRead,
  notifyConsumer,
  notifyRefund,
  offersScheduled,
  quietUntil,
  unreadCount,
} from './service.ts';
import { drainNotificationJobs } from '../../test/notification-jobs.ts';

useTestDatabase();

const email = fakeEmail();
const sms = fakeSms();
const webPush = fakeWebPush();
const appPush = fakeAppPush();
/** Monday 23 November 2026, 11:00 IST. */
const MONDAY_11 = new Date('2026-11-23T05:30:00Z');
let clock = MONDAY_11;
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

beforeEach(async () => {
  // Jobs live in pgboss tables, which the per-test reset does not empty.
  await testDb().raw(`DELETE FROM pgboss.job WHERE name LIKE 'notifications.%'`);
  clock = MONDAY_11;
  email.sent.length = 0;
  email.fail = 0;
  sms.sent.length = 0;
  webPush.sent.length = 0;
  webPush.answer = () => ({ ok: true, status: 201 });
  appPush.sent.length = 0;
  createTestApp({ now: () => clock, email, sms, webPush, appPush, envOverrides: { PUBLIC_URL: 'https://bachat.test' } });
});

const drainAll = drainNotificationJobs;

interface World {
  refs: Awaited<ReturnType<typeof insertReference>>;
  outlet: number;
  owner: number;
  shopper: number;
  far: number;
}

/** Chai Point (10 % all day, open round the clock) at CENTRE, its owner, a shopper 1 km away with a browser and the app, one 40 km away. */
async function world(): Promise<World> {
  const refs = await insertReference();
  const outlet = await insertOutlet(refs, { name: 'Chai Point', opensAt: '00:00', closesAt: '23:59', locality: 'Koramangala' });
  const owner = await insertOwner({ username: 'chai.owner', name: 'Ravi Kumar', email: null }, outlet);
  await setBaseDiscount(outlet, 10);
  const shopper = await insertConsumer('Asha Rao');
  await setLastLocation(shopper, { km: 1, cityId: refs.blr });
  await insertPushSubscription(shopper);
  await insertFcmToken(shopper);
  const far = await insertConsumer('Far Away');
  await setLastLocation(far, { km: 40, cityId: refs.blr });
  await insertPushSubscription(far);
  return { refs, outlet, owner, shopper, far };
}

async function onlyOff(consumerId: number, flag: NotificationFlag) {
  await updateSettings(consumerId, { [flag]: false });
}

const phoneOf = async (consumerId: number) => (await testDb()('consumers').where({ id: consumerId }).first('phoneNumber'))!.phoneNumber!;
const kindsOf = async (consumerId: number) =>
  (await testDb()('notifications').where({ consumerId }).orderBy('id').select('kind')).map((r) => r.kind);

let orderSeq = 0;
async function payBill(w: World) {
  const order = await createOrder(
    w.shopper,
    createOrderInputSchema.parse({ outletId: w.outlet, amount: '1000', idempotencyKey: `notify-${String(++orderSeq).padStart(8, '0')}` }),
  );
  await completeDemoCheckout(w.shopper, order.orderId, 'pay');
  return order;
}

/** The seven rows of the table: how each message is caused, and what arrives. */
const ROWS: {
  flag: NotificationFlag;
  trigger: (w: World) => Promise<void>;
  arrived: (w: World) => Promise<unknown[]>;
}[] = [
  {
    flag: 'emailNewCouponAlerts',
    trigger: async (w) => {
      await saveShuffle(w.shopper, saveShuffleInputSchema.parse({ outletId: w.outlet, card: 1 }));
      await drainAll();
    },
    arrived: async () => email.sent.filter((m) => /coupon at Chai Point$/.test(m.subject)),
  },
  {
    flag: 'emailExpiringCoupons',
    trigger: async (w) => {
      await insertCoupon(w.shopper, w.outlet, { percent: 7, validUntil: new Date(clock.getTime() + 30 * 60_000) });
      await expiringCouponReminders();
      await drainAll();
    },
    arrived: async () => email.sent.filter((m) => /expires at/.test(m.subject)),
  },
  {
    flag: 'emailWeeklyDealsDigest',
    trigger: async () => {
      await weeklyDigest();
      await drainAll();
    },
    arrived: async () => email.sent.filter((m) => /best deals/.test(m.subject)),
  },
  {
    flag: 'pushDailyDealNotifications',
    trigger: async () => {
      await dailyDeal();
      await drainAll();
    },
    arrived: async () => [...webPush.sent.filter((p) => p.payload.kind === 'daily_deal'), ...appPush.sent.filter((p) => p.message.data.kind === 'daily_deal')],
  },
  {
    flag: 'pushNearbyOffers',
    trigger: async (w) => {
      // An offer from 16:00 (five hours away: not a flash sale) is announced when it starts.
      await addSlot(w.outlet, { adType: 'D', title: 'Evening chai', discountPercent: 20, dayOfWeek: 1, startsAt: '16:00', endsAt: '18:00' });
      await offersScheduled(w.outlet);
      await drainAll();
      const job = await testDb().raw(
        `SELECT data, start_after FROM pgboss.job WHERE name = 'notifications.offer-start' ORDER BY created_on DESC LIMIT 1`,
      );
      expect(job.rows).toHaveLength(1);
      expect(new Date(job.rows[0].start_after).toISOString()).toBe(ist('2026-11-23', '16:00').toISOString());
      clock = ist('2026-11-23', '16:01');
      await offerStarted(job.rows[0].data as OfferMoment);
      await drainAll();
    },
    arrived: async () => webPush.sent.filter((p) => p.payload.kind === 'nearby_offer'),
  },
  {
    flag: 'pushLastMinuteFlashSales',
    trigger: async (w) => {
      // The owner schedules a 20 % offer from 12:00, an hour from now (through the promotions service: its hook).
      const ad = await createAd(w.owner, { outletId: w.outlet, adType: 'D', title: 'Lunch rush', discountPercent: 20 });
      await scheduleAd(w.owner, { outletId: w.outlet, advId: ad.id, day: 1, startTime: '12:00', endTime: '14:00' });
      await drainAll();
    },
    arrived: async () => webPush.sent.filter((p) => p.payload.kind === 'flash_sale'),
  },
  {
    flag: 'smsAlerts',
    trigger: async (w) => {
      await payBill(w);
      await drainAll();
      const payment = (await testDb()('payments').orderBy('id', 'desc').first('id', 'orderId'))!;
      const [refund] = await testDb()('refunds')
        .insert({
          orderId: payment.orderId,
          paymentId: payment.id,
          provider: 'sandbox',
          idempotencyKey: `refund-test-${payment.id}`,
          amountPaise: 5_000,
          reason: 'Paid twice',
          kind: 'owner',
          initiatedBy: w.owner,
        })
        .returning('id');
      await notifyRefund(refund!.id);
      await drainAll();
    },
    arrived: async (w) => {
      const phone = await phoneOf(w.shopper);
      return sms.sent.filter((m) => m.to === phone);
    },
  },
];

describe('each setting delivers its message when on, and nothing when off', () => {
  for (const row of ROWS) {
    it(`${row.flag}: on → sent`, async () => {
      const w = await world();
      await row.trigger(w);
      expect((await row.arrived(w)).length).toBeGreaterThan(0);
      // The in-app inbox holds it too.
      expect((await listInbox(w.shopper, { limit: 20 })).items.length).toBeGreaterThan(0);
    });
    it(`${row.flag}: off → not sent`, async () => {
      const w = await world();
      await onlyOff(w.shopper, row.flag);
      await row.trigger(w);
      expect(await row.arrived(w)).toEqual([]);
    });
  }

  it('ENABLE_ALL off silences all seven; ENABLE_ALL on brings them all back (SPEC §4)', async () => {
    const w = await world();
    await updateSettings(w.shopper, { enableAll: false });
    for (const row of ROWS) await row.trigger(w);
    expect(await kindsOf(w.shopper)).toEqual([]);
    for (const row of ROWS) expect(await row.arrived(w)).toEqual([]);
    // The owner's "payment received" is not the shopper's to turn off.
    expect(await testDb()('notifications').where({ businessOwnerId: w.owner }).pluck('kind')).toContain('payment_received');

    await updateSettings(w.shopper, { enableAll: true });
    clock = MONDAY_11;
    await testDb()('coupons').update({ usedGoldenKey: true }); // a new free shuffle today
    await testDb()('promotionTimeSlots').delete();
    await testDb()('promotions').delete();
    for (const row of ROWS) await row.trigger(w);
    for (const row of ROWS) expect((await row.arrived(w)).length, row.flag).toBeGreaterThan(0);
    expect(new Set(await kindsOf(w.shopper))).toEqual(
      new Set(['new_coupon', 'expiring_coupon', 'weekly_digest', 'daily_deal', 'nearby_offer', 'flash_sale', 'payment_receipt', 'refund']),
    );
  });
});

describe('what the messages say', () => {
  it('new coupon: outlet, percent and valid until, with a one-click unsubscribe header', async () => {
    const w = await world();
    const saved = await saveShuffle(w.shopper, saveShuffleInputSchema.parse({ outletId: w.outlet, card: 0 }));
    await drainAll();
    const [mail] = email.sent;
    const pct = String(saved.coupon.discountPercent);
    expect(mail!.subject).toBe(`Your ${pct}% coupon at Chai Point`);
    expect(mail!.text).toContain('Koramangala');
    expect(mail!.text).toContain('before 11:59 pm today'); // the outlet closes at 23:59 IST
    expect(mail!.html).toContain('https://bachat.test/coupons');
    expect(mail!.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/bachat\.test\/api\/notifications\/unsubscribe\?t=\d+\.0\.[0-9a-f]{32}>$/);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('the digest lists the best live offers near the last location, and uses the city when there is no point', async () => {
    const w = await world();
    const second = await insertOutlet(w.refs, { name: 'Dosa Corner', km: 2, opensAt: '00:00', closesAt: '23:59', locality: 'HSR Layout' });
    await setBaseDiscount(second, 25);
    const cityOnly = await insertConsumer('City Only');
    await setLastLocation(cityOnly, { cityId: w.refs.blr });
    await weeklyDigest();
    await drainAll();
    expect(email.sent).toHaveLength(2); // the far shopper has nothing within 10 km
    const offers = (await testDb()('notifications').where({ consumerId: w.shopper, kind: 'weekly_digest' }).first())!.data.offers as {
      outletName: string;
      percent: number;
    }[];
    expect(offers.map((o) => [o.outletName, o.percent])).toEqual([
      ['Dosa Corner', 25],
      ['Chai Point', 10],
    ]);
    expect(email.sent[0]!.text).toContain('25% off at Dosa Corner, HSR Layout');
    const farDigest = await testDb()('notifications').where({ consumerId: w.far, kind: 'weekly_digest' });
    expect(farDigest).toHaveLength(0);
    expect(await testDb()('notifications').where({ consumerId: cityOnly, kind: 'weekly_digest' })).toHaveLength(1);
  });

  it('payment: the shopper gets a receipt SMS, the owner "payment received"; each once', async () => {
    const w = await world();
    await payBill(w);
    await drainAll();
    const phone = await phoneOf(w.shopper);
    expect(sms.sent.map((m) => m.to)).toEqual(expect.arrayContaining([phone, '9845012345']));
    const receipt = sms.sent.find((m) => m.to === phone)!;
    expect(receipt.text).toMatch(/^Bachat: You paid ₹[\d,.]+ at Chai Point and saved ₹[\d,.]+\. Receipt BCH-[A-Z2-9]{8}\.$/);
    expect(sms.sent.find((m) => m.to === '9845012345')!.text).toMatch(/^Bachat: Received ₹[\d,.]+ from a Bachat shopper at Chai Point \(bill ₹1,000\.00\)/);
    // The webhook that follows the callback changes nothing, and nothing is sent again.
    await drainAll();
    expect(sms.sent).toHaveLength(2);
  });

  it("in the recipient's language: a Hindi shopper's coupon email and payment SMS, inbox items, a Hindi owner's payment received (issue 28)", async () => {
    const w = await world();
    await testDb()('consumers').where({ id: w.shopper }).update({ language: 'hi', email: 'asha@example.in' });
    await testDb()('businessOwners').where({ id: w.owner }).update({ language: 'hi' });
    // The coupon: valid until the outlet closes, "today" in Hindi, with Hindi's button and footer.
    const saved = await saveShuffle(w.shopper, saveShuffleInputSchema.parse({ outletId: w.outlet, card: 0 }));
    await drainAll();
    const pct = String(saved.coupon.discountPercent);
    const mail = email.sent.find((m) => m.to === 'asha@example.in')!;
    expect(mail.subject).toBe(`Chai Point पर आपका ${pct}% का कूपन`);
    expect(mail.text).toContain('आज 11:59 pm से पहले');
    expect(mail.text).toContain('मेरे कूपन देखें: https://bachat.test/coupons');
    expect(mail.text).toContain('"नए कूपन के अलर्ट" चालू है');
    expect(mail.html).toContain('<html lang="hi-IN">');
    // The bill: the SMS and the inbox item in Hindi, money by Intl hi-IN.
    await payBill(w);
    await drainAll();
    const phone = await phoneOf(w.shopper);
    const receipt = sms.sent.find((m) => m.to === phone)!;
    expect(receipt.text).toMatch(/^Bachat: आपने Chai Point पर ₹[\d,.]+ चुकाए और ₹[\d,.]+ बचाए। रसीद BCH-[A-Z2-9]{8}।$/);
    const inbox = await listInbox(w.shopper, { limit: 10 });
    expect(inbox.items.map((i) => i.title)).toEqual([expect.stringMatching(/^Chai Point पर ₹[\d,.]+ का पेमेंट हो गया$/), `Chai Point पर आपका ${pct}% का कूपन`]);
    expect(sms.sent.find((m) => m.to === '9845012345')!.text).toMatch(/^Bachat: Chai Point पर एक Bachat ग्राहक से ₹[\d,.]+ मिले \(बिल ₹1,000\.00\)।/);
  });

  it('weekly settlement summary for owners (email when they have one, else SMS)', async () => {
    const w = await world();
    const other = await insertOutlet(w.refs, { name: 'Chai Point Annex' });
    const mailOwner = await insertOwner({ username: 'annex.owner', email: 'annex@example.in' }, other);
    const day = (outletId: number, date: string, orders: number, payoutPaise: number, status: 'pending' | 'on_hold' | 'settled') => ({
      outletId,
      periodStart: date,
      periodEnd: date,
      ordersCount: orders,
      grossPaise: payoutPaise,
      discountPaise: 0,
      feePaise: 0,
      netPaise: payoutPaise,
      payoutPaise,
      status,
      settledAt: status === 'settled' ? ist(date, '18:00') : null,
      onHoldAt: status === 'on_hold' ? ist(date, '18:00') : null,
    });
    await testDb()('settlements').insert([
      day(w.outlet, '2026-11-16', 3, 50_000, 'settled'),
      day(w.outlet, '2026-11-22', 1, 39_000, 'settled'),
      day(other, '2026-11-20', 2, 30_000, 'settled'),
      day(other, '2026-11-22', 1, 14_500, 'on_hold'),
      day(other, '2026-11-15', 9, 99_900, 'settled'), // the week before: not in this summary
    ]);
    clock = ist('2026-11-23', '10:00');
    expect(await settlementSummaries()).toBe(2);
    await drainAll();
    expect(sms.sent.find((m) => m.to === '9845012345')!.text).toBe('Bachat: ₹890.00 from 4 bills at 1 outlet: ₹890.00 in your bank, ₹0.00 on its way.');
    const mail = email.sent.find((m) => m.to === 'annex@example.in')!;
    expect(mail.subject).toBe('Your Bachat payouts for 16 Nov–22 Nov');
    expect(mail.text).toContain('₹445.00 from 3 bills at 1 outlet: ₹300.00 in your bank, ₹145.00 on its way.');
    expect(mail.text).toContain('Chai Point Annex: ₹445.00 from 3 bills (₹300.00 settled)');
    expect(mail.headers).toEqual({}); // transactional: no unsubscribe
    expect(await settlementSummaries()).toBe(0); // once a week
    expect(mailOwner).toBeGreaterThan(0);
  });
});

describe('pushes: quiet hours and the daily cap', () => {
  it('quiet hours run from 22:00 to 08:00 IST', () => {
    expect(quietUntil(ist('2026-11-23', '21:59'))).toBeNull();
    expect(quietUntil(ist('2026-11-23', '22:00'))!.toISOString()).toBe(ist('2026-11-24', '08:00').toISOString());
    expect(quietUntil(ist('2026-11-24', '03:00'))!.toISOString()).toBe(ist('2026-11-24', '08:00').toISOString());
    expect(quietUntil(ist('2026-11-24', '08:00'))).toBeNull();
  });

  it('a push at 22:30 waits for 08:00 (the inbox has it at once); a stale one is dropped', async () => {
    // pg-boss starts a deferred job by the database's clock, not the test's: the night must be in the real future.
    const [NIGHT, MORNING] = ['2099-11-23', '2099-11-24'];
    const w = await world();
    clock = ist(NIGHT, '22:30');
    const keep = await notifyConsumer({ consumerId: w.shopper, kind: 'nearby_offer', subject: 'offer:late', title: 'New at Chai Point', body: 'Till 10 am', url: '/', expiresAt: ist(MORNING, '10:00') });
    const stale = await notifyConsumer({ consumerId: w.shopper, kind: 'flash_sale', subject: 'offer:stale', title: 'Flash', body: 'Till 11 pm', url: '/', expiresAt: ist(NIGHT, '23:00') });
    await drainAll();
    expect(webPush.sent).toEqual([]);
    expect(appPush.sent).toEqual([]);
    expect(await unreadCount(w.shopper)).toBe(2);
    const waiting = await testDb()('notificationDeliveries').where({ notificationId: keep! }).select('status', 'notBefore');
    expect(waiting.map((d) => [d.status, d.notBefore.toISOString()])).toEqual([
      ['pending', ist(MORNING, '08:00').toISOString()],
      ['pending', ist(MORNING, '08:00').toISOString()],
    ]);
    expect((await testDb()('notificationDeliveries').where({ notificationId: stale! }).select('lastError')).map((d) => d.lastError)).toEqual([
      'stale after quiet hours',
      'stale after quiet hours',
    ]);
    // A dispatch is queued for 08:00.
    const later = await testDb().raw(`SELECT start_after FROM pgboss.job WHERE name = 'notifications.dispatch' AND state = 'created'`);
    expect(later.rows.map((r: { start_after: Date }) => new Date(r.start_after).toISOString())).toEqual([ist(MORNING, '08:00').toISOString()]);
    clock = ist(MORNING, '07:59');
    expect((await dispatchNotifications([keep!])).sent).toBe(0);
    clock = ist(MORNING, '08:00');
    expect((await dispatchNotifications([keep!])).sent).toBe(2);
    expect(webPush.sent.map((p) => p.payload.title)).toEqual(['New at Chai Point']);
    expect(appPush.sent.map((p) => p.message.data.url)).toEqual([`/notifications?open=${(await listInbox(w.shopper, { limit: 5 })).items.find((i) => i.title === 'New at Chai Point')!.id}`]);
  });

  it('at most PUSH_DAILY_CAP pushes a shopper per IST day, however many devices; the next day counts anew', async () => {
    const w = await world();
    expect(runtime().env.PUSH_DAILY_CAP).toBe(3);
    for (let i = 1; i <= 4; i++) {
      await notifyConsumer({ consumerId: w.shopper, kind: 'nearby_offer', subject: `offer:${i}`, title: `Offer ${i}`, body: 'x', url: '/' });
    }
    await drainAll();
    expect(webPush.sent).toHaveLength(3);
    expect(appPush.sent).toHaveLength(3);
    expect(new Set(webPush.sent.map((p) => p.payload.title)).size).toBe(3);
    expect((await testDb()('notificationDeliveries').where({ status: 'skipped' }).select('lastError')).map((d) => d.lastError)).toEqual([
      'daily push cap reached',
      'daily push cap reached',
    ]);
    clock = ist('2026-11-24', '11:00');
    await notifyConsumer({ consumerId: w.shopper, kind: 'nearby_offer', subject: 'offer:5', title: 'Offer 5', body: 'x', url: '/' });
    await drainAll();
    expect(webPush.sent.map((p) => p.payload.title)).toContain('Offer 5');
  });

  it('a subscription the push service calls gone (410) is forgotten; a 5xx is retried', async () => {
    const w = await world();
    webPush.answer = () => ({ ok: false, status: 410, gone: true, retryable: false, reason: 'push service answered 410' });
    await notifyConsumer({ consumerId: w.shopper, kind: 'nearby_offer', subject: 'offer:gone', title: 'Gone', body: 'x', url: '/' });
    await drainAll();
    expect(await testDb()('pushSubscriptions').where({ consumerId: w.shopper })).toHaveLength(0);
    expect(await testDb()('notificationDeliveries').where({ channel: 'web_push' }).pluck('status')).toEqual(['failed']);

    await insertPushSubscription(w.shopper);
    webPush.answer = () => ({ ok: false, status: 503, gone: false, retryable: true, reason: 'push service answered 503' });
    const id = await notifyConsumer({ consumerId: w.shopper, kind: 'nearby_offer', subject: 'offer:busy', title: 'Busy', body: 'x', url: '/' });
    await drainAll();
    const d = await testDb()('notificationDeliveries').where({ notificationId: id!, channel: 'web_push' }).first();
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'push service answered 503' });
    webPush.answer = () => ({ ok: true, status: 201 });
    clock = new Date(clock.getTime() + 61_000);
    await dispatchNotifications([id!]);
    expect(webPush.sent.map((p) => p.payload.title)).toEqual(['Busy']);
  });
});

describe('at most once per (person, kind, subject)', () => {
  it('creating the same message again, or dispatching it twice, sends it once', async () => {
    const w = await world();
    const make = () => ({ recipient: { consumerId: w.shopper }, kind: 'new_coupon' as const, subject: 'coupon:1', title: 'T', body: 'B', url: '/coupons' });
    const first = await createNotifications([make()]);
    expect(await createNotifications([make()])).toEqual([]);
    await Promise.all([dispatchNotifications(first), dispatchNotifications(first)]);
    await drainAll();
    await dispatchNotifications(first);
    expect(email.sent).toHaveLength(1);
    expect(await testDb()('inboxItems').where({ consumerId: w.shopper })).toHaveLength(1);
  });

  it('a failed email is retried up to three times, then marked failed', async () => {
    const w = await world();
    email.fail = 5;
    const [id] = await createNotifications([{ recipient: { consumerId: w.shopper }, kind: 'new_coupon', subject: 'coupon:9', title: 'T', body: 'B', url: '/' }]);
    await drainAll();
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + 5 * 60_000);
      await dispatchNotifications([id!]);
    }
    const d = await testDb()('notificationDeliveries').where({ notificationId: id! }).first();
    expect(d).toMatchObject({ status: 'failed', attempts: 3 });
    expect(email.sent).toEqual([]);
  });
});

describe('inbox', () => {
  it('lists newest first with the unread count, pages by cursor, marks read one or all; never another shopper\'s', async () => {
    const w = await world();
    for (let i = 1; i <= 3; i++) await notifyConsumer({ consumerId: w.shopper, kind: 'payment_receipt', subject: `order:${i}`, title: `Paid ${i}`, body: 'b', url: `/redeemed-history/${i}` });
    const page = await listInbox(w.shopper, { limit: 2 });
    expect(page.items.map((i) => i.title)).toEqual(['Paid 3', 'Paid 2']);
    expect(page.unread).toBe(3);
    const next = await listInbox(w.shopper, { limit: 2, cursor: page.nextCursor! });
    expect(next.items.map((i) => i.title)).toEqual(['Paid 1']);
    expect(next.nextCursor).toBeNull();
    expect(await markRead(w.shopper, page.items[0]!.id)).toEqual({ id: page.items[0]!.id, url: '/redeemed-history/3', unread: 2 });
    await expect(markRead(w.far, page.items[1]!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await markAllRead(w.shopper)).toEqual({ unread: 0, updated: 2 });
    expect(await unreadCount(w.shopper)).toBe(0);
  });
});
