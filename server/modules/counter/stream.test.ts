import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { appRuntime } from '../../app.ts';
import { runtime } from '../../lib/runtime.ts';
import { openSse, type SseConnection } from '../../test/sse.ts';
import { createOrderInputSchema } from '../orders/schema.ts';
import { createOrder } from '../orders/service.ts';
import { completeDemoCheckout } from '../payments/service.ts';
import { pruneOutletEvents } from '../payments/events.ts';
import { revokeSession } from '../sessions/service.ts';
import { grant, insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import { setSubAccountOutlets, updateSubAccount } from '../sub-accounts/service.ts';
import { refundInputSchema, STREAM_MESSAGES, STREAM_TICKET_TTL_MS, type CounterPayment } from './schema.ts';
import { issueStreamTicket, refundPayment } from './service.ts';
import { openSinks } from './feed.ts';

/**
 * The counter's Server-Sent Events over real HTTP: a payment reaches an open stream as it commits, a
 * reconnect replays exactly what it missed (Last-Event-ID), and only the outlet's own accounts get in.
 */

useTestDatabase();

let clock: Date;
let app: Koa;
let server: http.Server;
let base: string;
let outlet: number;
let owner: number;
let shopper: number;
let auth: { Authorization: string };
let seq = 0;
const open: SseConnection[] = [];

async function startApp(envOverrides: Record<string, string> = {}) {
  ({ app } = createTestApp({ now: () => clock, envOverrides }));
  await runtime().jobs.start({ work: false });
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stopApp() {
  for (const c of open.splice(0)) c.close();
  await appRuntime(app).realtime.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

/** The same database, the app started again with other settings. */
async function restartWith(envOverrides: Record<string, string>) {
  await stopApp();
  await startApp(envOverrides);
}

beforeEach(async () => {
  clock = new Date('2026-11-23T06:30:00Z');
  await startApp();
  outlet = await payableOutlet({ basePercent: 10 });
  owner = await insertOwner('ravi', outlet);
  shopper = await newShopper('Asha Rao');
  auth = await bearer('business', owner);
});

afterEach(stopApp);

async function payBill(rupees = '1000') {
  const order = await createOrder(shopper, createOrderInputSchema.parse({ outletId: outlet, amount: rupees, idempotencyKey: `str-${String(++seq).padStart(8, '0')}` }));
  await completeDemoCheckout(shopper, order.orderId, 'pay');
  const row = await testDb()('orders').where({ publicId: order.orderId }).first('receiptCode', 'amountPaise');
  return { orderId: order.orderId, receiptCode: row!.receiptCode!, amountPaise: row!.amountPaise };
}

async function stream(path: string, headers: Record<string, string> = {}) {
  const c = await openSse(`${base}${path}`, headers);
  open.push(c);
  return c;
}

const ticketFor = async (outletId = outlet) => (await issueStreamTicket({ businessOwnerId: owner, sessionId: await sessionIdOf(auth) }, outletId)).ticket;
async function sessionIdOf(a: { Authorization: string }) {
  const { resolveSession } = await import('../sessions/service.ts');
  return (await resolveSession(a.Authorization.slice(7)))!.sessionId;
}
const eventsPath = (q: Record<string, string> = {}, outletId = outlet) => `/api/business/payments/${outletId}/events?${new URLSearchParams(q).toString()}`;
const paymentOf = (data: string) => JSON.parse(data) as CounterPayment & { paidAt: string };

describe('live payments', () => {
  it('an open stream gets the payment as it commits, then its refund; no compression, no caching', async () => {
    const res = await fetch(`${base}/api/business/payments/${outlet}/events/ticket`, { method: 'POST', headers: auth });
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as { ticket: string; url: string };
    expect(ticket.url).toBe(`/api/business/payments/${outlet}/events?ticket=${encodeURIComponent(ticket.ticket)}`);
    const c = await stream(ticket.url, { 'Accept-Encoding': 'gzip, br' });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toContain('no-transform');
    expect(c.headers['x-accel-buffering']).toBe('no');
    expect(c.headers['content-encoding']).toBeUndefined();
    await until(() => openSinks(runtime(), outlet) === 1);

    const bill = await payBill();
    const paid = await c.next((e) => e.event === 'payment');
    expect(paid.id).toBe('1');
    expect(paymentOf(paid.data)).toMatchObject({ orderId: bill.orderId, receiptCode: bill.receiptCode, amountPaise: bill.amountPaise, status: 'paid' });

    await refundPayment(owner, refundInputSchema.parse({ outletId: outlet, receiptId: bill.receiptCode, amountPaise: 10_000, reason: 'Returned', idempotencyKey: 'stream-refund-1' }));
    // Recorded (pending), then processed: two events for the same bill, numbered on.
    const recorded = await c.next((e) => e.event === 'refund');
    const processed = await c.next((e) => e.event === 'refund');
    expect([recorded.id, processed.id]).toEqual(['2', '3']);
    expect(paymentOf(processed.data)).toMatchObject({ orderId: bill.orderId, status: 'partly_refunded', refundedPaise: 10_000 });
  });

  it('a HEAD gets the stream’s headers at once and opens no stream (it used to hang; the REST fuzz found it)', async () => {
    const res = await fetch(`${base}${eventsPath()}`, { method: 'HEAD', headers: auth, signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-transform');
    expect(openSinks(runtime(), outlet)).toBe(0);
    // The same access checks as a GET.
    expect((await fetch(`${base}${eventsPath()}`, { method: 'HEAD', signal: AbortSignal.timeout(5_000) })).status).toBe(401);
  });

  it('a reconnect with Last-Event-ID replays what it missed, in order, without duplicates; then carries on live', async () => {
    const first = await stream(eventsPath({ ticket: await ticketFor() }));
    await until(() => openSinks(runtime(), outlet) === 1);
    await payBill('100');
    expect((await first.next()).id).toBe('1');
    first.close();
    await until(() => openSinks(runtime(), outlet) === 0);
    // Missed while away.
    const missed = [await payBill('200'), await payBill('300')];
    const again = await stream(eventsPath({ ticket: await ticketFor() }), { 'Last-Event-ID': '1' });
    const replayed = [await again.next(), await again.next()];
    expect(replayed.map((e) => e.id)).toEqual(['2', '3']);
    expect(replayed.map((e) => paymentOf(e.data).orderId)).toEqual(missed.map((m) => m.orderId));
    await payBill('400');
    expect((await again.next()).id).toBe('4');
    // The page's own reconnect names its position in the query (a new EventSource cannot set the header).
    const third = await stream(eventsPath({ ticket: await ticketFor(), lastEventId: '2' }));
    expect((await third.next()).id).toBe('3');
    expect((await third.next()).id).toBe('4');
    await payBill('500');
    expect((await third.next()).id).toBe('5');
    expect((await again.next()).id).toBe('5');
    for (const c of [again, third]) {
      const ids = c.events.map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    }
  });

  it('a position it cannot replay (unknown, or pruned) gets `reset`: the page reloads its list', async () => {
    await payBill();
    const ahead = await stream(eventsPath({ ticket: await ticketFor(), lastEventId: '99' }));
    expect((await ahead.next()).event).toBe('reset');
    await testDb()('outletEvents').update({ createdAt: new Date(Date.now() - 4 * 24 * 3600_000) });
    expect(await pruneOutletEvents()).toBe(1);
    await payBill();
    const behind = await stream(eventsPath({ ticket: await ticketFor(), lastEventId: '0' }));
    expect((await behind.next()).event).toBe('reset');
    await payBill();
    expect((await behind.next()).id).toBe('3');
  });

  it('closing the bus (shutdown) ends the streams', async () => {
    const c = await stream(eventsPath(), auth);
    await until(() => openSinks(runtime(), outlet) === 1);
    await appRuntime(app).realtime.close();
    await c.ended;
    expect(openSinks(runtime(), outlet)).toBe(0);
  });
});

describe('who may listen', () => {
  it('the business token in Authorization, or a fresh ticket for this outlet; others 401 / 403', async () => {
    expect((await stream(eventsPath(), auth)).status).toBe(200);
    const none = await stream(eventsPath());
    expect(none.status).toBe(401);
    expect(JSON.parse(none.body)).toMatchObject({ message: STREAM_MESSAGES.signIn });
    expect((await stream(eventsPath(), await bearer('consumer', shopper))).status).toBe(401);
    expect((await stream(eventsPath({ ticket: 'x.y' }))).status).toBe(401);
    const ticket = await ticketFor();
    const [body, mac] = ticket.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), o: outlet + 1 })).toString('base64url');
    expect((await stream(eventsPath({ ticket: `${forged}.${mac}` }, outlet + 1))).status).toBe(401);
    // A ticket is for one outlet.
    const other = await payableOutlet({ name: 'Other' });
    const otherOwner = await insertOwner('other', other);
    expect((await stream(eventsPath({ ticket }, other))).status).toBe(401);
    // Another owner's outlet.
    expect((await stream(eventsPath({}, other), auth)).status).toBe(403);
    expect((await stream(eventsPath(), await bearer('business', otherOwner))).status).toBe(403);
    // Expired, and after logout.
    clock = new Date(clock.getTime() + STREAM_TICKET_TTL_MS + 1_000);
    expect((await stream(eventsPath({ ticket }))).status).toBe(401);
    const fresh = await ticketFor();
    await revokeSession(await sessionIdOf(auth));
    expect((await stream(eventsPath({ ticket: fresh }))).status).toBe(401);
  });
});

describe('a stream lives only as long as its right to (issue 27)', () => {
  /** A sub-account of the owner, granted the outlet, signed in; its stream opened with a ticket. */
  async function subAccountStream() {
    const sub = await insertOwner({ username: 'counter.sub', name: 'Counter Staff', isMaster: false, masterId: owner });
    await grant(sub, outlet);
    const subAuth = await bearer('business', sub);
    const sessionId = await sessionIdOf(subAuth);
    const { ticket } = await issueStreamTicket({ businessOwnerId: sub, sessionId }, outlet);
    const c = await stream(eventsPath({ ticket }));
    expect(c.status).toBe(200);
    await until(() => openSinks(runtime(), outlet) === 1);
    return { sub, subAuth, sessionId, c };
  }

  /** The stream is told `revoked` and closed within `withinMs`; the next payment never reaches it. */
  async function endsWithin(c: SseConnection, withinMs: number) {
    const started = Date.now();
    await c.next((e) => e.event === 'revoked', withinMs);
    await c.ended;
    expect(Date.now() - started).toBeLessThan(withinMs);
    await until(() => openSinks(runtime(), outlet) === 0);
    await payBill();
    expect(c.events.filter((e) => e.event === 'payment')).toEqual([]);
  }

  // Through the services: the access doorbell ends the stream at once (the heartbeat is the default 20 s).
  const byService: [string, (s: { sub: number; subAuth: { Authorization: string } }) => Promise<unknown>][] = [
    ['logout', async ({ subAuth }) => expect((await fetch(`${base}/api/onboarding/bo/logout`, { method: 'POST', headers: subAuth })).status).toBe(200)],
    ['the outlet taken away from the sub-account', ({ sub }) => setSubAccountOutlets(owner, { subAccountId: sub, outletIds: [] })],
    ['the account disabled', ({ sub }) => updateSubAccount(owner, { subAccountId: sub, isActive: false })],
  ];
  for (const [what, change] of byService) {
    it(`${what}: the open stream ends at once (well inside the 20 s heartbeat)`, async () => {
      const s = await subAccountStream();
      await change(s);
      await endsWithin(s.c, 3_000);
    });
  }

  // Straight in the database (no doorbell): the heartbeat's re-check ends the stream within one beat.
  const inTheDatabase: [string, (s: { sub: number; sessionId: number }) => Promise<unknown>][] = [
    ['the session revoked', ({ sessionId }) => testDb()('sessions').where({ id: sessionId }).update({ revokedAt: clock })],
    ['the session expired', ({ sessionId }) => testDb()('sessions').where({ id: sessionId }).update({ expiresAt: clock })],
    ['the grant deleted', ({ sub }) => testDb()('businessOwnerOutlets').where({ businessOwnerId: sub }).delete()],
    ['the outlet handed to another owner', async () => testDb()('outlets').where({ id: outlet }).update({ ownerId: await insertOwner('new.owner') })],
    ['the account disabled', ({ sub }) => testDb()('businessOwners').where({ id: sub }).update({ isActive: false })],
  ];
  for (const [what, change] of inTheDatabase) {
    it(`${what} with no announcement: the heartbeat's re-check ends the stream within a beat (0.2 s here, 20 s by default)`, async () => {
      await restartWith({ LIVE_STREAM_HEARTBEAT_SECONDS: '0.2' });
      const s = await subAccountStream();
      await change(s);
      await endsWithin(s.c, 2_000);
    });
  }

  it('a stream whose access still holds gets its keep-alive comments and is not ended by re-checks or by others’ logouts', async () => {
    await restartWith({ LIVE_STREAM_HEARTBEAT_SECONDS: '0.1' });
    const { c } = await subAccountStream();
    // The owner's own stream, read raw to see the comments.
    let raw = '';
    let rawEnded = false;
    const req = http.get(`${base}${eventsPath()}`, { headers: auth }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (raw += chunk));
      res.on('close', () => (rawEnded = true));
    });
    req.on('error', () => undefined);
    await until(() => (raw.match(/: ping\n\n/g) ?? []).length >= 3);
    // The owner logs out: their stream ends; the sub-account's goes on.
    await revokeSession(await sessionIdOf(auth));
    await until(() => rawEnded);
    expect(raw).toMatch(/event: revoked\ndata: \{\}\n\n$/);
    await new Promise((r) => setTimeout(r, 500)); // five more beats, five more re-checks
    expect(c.events.filter((e) => e.event === 'revoked')).toEqual([]);
    const bill = await payBill();
    expect(paymentOf((await c.next((e) => e.event === 'payment')).data).orderId).toBe(bill.orderId);
  });
});

describe('how many streams (issue 27)', () => {
  it('at most 20 per account: the 21st is a 429 with Retry-After and a clear message (English, Hindi); closing one frees a place', async () => {
    const streams: SseConnection[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await stream(eventsPath(), auth);
      expect(c.status).toBe(200);
      streams.push(c);
    }
    const refused = await stream(eventsPath(), auth);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body).message).toBe('This account already has 20 live payment feeds open. Close the payments screen on another tab or device, then try again.');
    const hindi = await stream(eventsPath(), { ...auth, 'Accept-Language': 'hi-IN,hi;q=0.9' });
    expect(hindi.status).toBe(429);
    expect(JSON.parse(hindi.body).message).toBe('इस अकाउंट की पहले से 20 लाइव पेमेंट फ़ीड खुली हैं। किसी दूसरे टैब या डिवाइस पर पेमेंट स्क्रीन बंद करें, फिर से कोशिश करें।');
    // A ticket is checked and spent, then refused the same way.
    expect((await stream(eventsPath({ ticket: await ticketFor() }))).status).toBe(429);
    await until(() => openSinks(runtime(), outlet) === 20);
    streams[0]!.close();
    await until(() => openSinks(runtime(), outlet) === 19);
    expect((await stream(eventsPath(), auth)).status).toBe(200);
  });

  it('per client address too (LIVE_STREAMS_PER_IP), whichever accounts hold them; the account cap is configurable', async () => {
    await restartWith({ LIVE_STREAMS_PER_IP: '3', LIVE_STREAMS_PER_ACCOUNT: '2' });
    const other = await insertOwner({ username: 'counter.two', name: 'Second Counter', isMaster: false, masterId: owner });
    await grant(other, outlet);
    const otherAuth = await bearer('business', other);
    expect((await stream(eventsPath(), auth)).status).toBe(200);
    expect((await stream(eventsPath(), auth)).status).toBe(200);
    const third = await stream(eventsPath(), auth);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).message).toBe('This account already has 2 live payment feeds open. Close the payments screen on another tab or device, then try again.');
    expect((await stream(eventsPath(), otherAuth)).status).toBe(200);
    const fromAddress = await stream(eventsPath(), otherAuth);
    expect(fromAddress.status).toBe(429);
    expect(fromAddress.headers['retry-after']).toBe('30');
    expect(JSON.parse(fromAddress.body).message).toBe('3 live payment feeds are already open from your network. Close some payments screens, then try again.');
  });
});

describe('stream tickets', () => {
  it('a ticket opens one stream, not many: used again (while its stream is open, or after) it is refused', async () => {
    const ticket = await ticketFor();
    const first = await stream(eventsPath({ ticket }));
    expect(first.status).toBe(200);
    const again = await stream(eventsPath({ ticket }));
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ message: STREAM_MESSAGES.badTicket });
    first.close();
    await until(() => openSinks(runtime(), outlet) === 0);
    expect((await stream(eventsPath({ ticket }))).status).toBe(401);
    // Racing uses of one ticket: exactly one stream.
    const racing = await ticketFor();
    const statuses = await Promise.all(Array.from({ length: 5 }, () => stream(eventsPath({ ticket: racing })).then((c) => c.status)));
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401]);
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
