import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { bearer, createTestApp, TEST_SECRET } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { openSse } from '../../test/sse.ts';
import { insertOwner, newShopper, payableOutlet } from '../../test/factories.ts';
import type { CounterPayment } from './schema.ts';
import { freePort } from '../../lib/ports.ts';

/**
 * Real time across server processes (issue 14): two `server/index.ts` processes on one PostgreSQL
 * database. A shopper pays through process B; the owner's payments stream, open on process A, gets the
 * payment (and then the refund made through B) by LISTEN/NOTIFY. Only on PostgreSQL: the embedded
 * database belongs to one process (there the bus is in-process; stream.test.ts covers it).
 */

const onPostgres = inject('testDatabase').mode === 'pg';
if (onPostgres) useTestDatabase({ reset: false });


interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      APP_SECRET: TEST_SECRET,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-two-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output: () => output };
}

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    createTestApp();
    const c: unknown = testDb().client.config.connection;
    const url =
      typeof c === 'string'
        ? c
        : (() => {
            const { user, password, host, port, database } = c as { user?: string; password?: string; host?: string; port?: number; database: string };
            return `postgres://${encodeURIComponent(user ?? 'postgres')}${password ? `:${encodeURIComponent(password)}` : ''}@${host ?? '127.0.0.1'}:${port ?? 5432}/${database}`;
          })();
    [a, b] = await Promise.all([startServer(url), startServer(url)]);
    servers.push(a, b);
  }, 120_000);

  it('pay through one process: the payments stream open on the other gets it (LISTEN/NOTIFY), then the refund', async () => {
    const outlet = await payableOutlet({ basePercent: 10 });
    const owner = await insertOwner('ravi.two', outlet);
    const shopper = await newShopper('Asha Rao');
    const ownerAuth = await bearer('business', owner);
    const shopperAuth = { ...(await bearer('consumer', shopper)), 'Content-Type': 'application/json' };

    const stream = await openSse(`${a.url}/api/business/payments/${outlet}/events`, ownerAuth);
    expect(stream.status).toBe(200);
    try {
      const created = await fetch(`${b.url}/api/outlet/route/v1/create`, {
        method: 'POST',
        headers: { ...shopperAuth, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ outletId: outlet, amount: '1000' }),
      });
      expect(created.ok, b.output()).toBe(true);
      const { order } = (await created.json()) as { order: { ORDER_ID: string } };
      const started = Date.now();
      const paid = await fetch(`${b.url}/api/payments/demo/${order.ORDER_ID}/complete`, { method: 'POST', headers: shopperAuth, body: JSON.stringify({ outcome: 'pay' }) });
      expect(paid.status, b.output()).toBe(200);
      const event = await stream.next((e) => e.event === 'payment', 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      const payment = JSON.parse(event.data) as CounterPayment;
      expect(payment).toMatchObject({ orderId: order.ORDER_ID, amountPaise: 91_062, status: 'paid' });

      const refunded = await fetch(`${b.url}/api/business/refunds`, {
        method: 'POST',
        headers: { ...ownerAuth, 'Content-Type': 'application/json', 'Idempotency-Key': 'two-process-refund' },
        body: JSON.stringify({ outletId: outlet, receiptId: payment.receiptCode, amountPaise: 45_531, reason: 'Half returned' }),
      });
      expect(refunded.status, b.output()).toBe(201);
      const last = await stream.next((e) => e.event === 'refund' && (JSON.parse(e.data) as CounterPayment).refundPendingPaise === 0, 2_000);
      expect(JSON.parse(last.data)).toMatchObject({ status: 'partly_refunded', refundedPaise: 45_531 });
      const ids = stream.events.map((e) => Number(e.id));
      expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
    } finally {
      stream.close();
    }
  }, 60_000);

  it('a logout through one process ends the stream open on the other at once (the access doorbell), and a ticket spent on one is refused by the other', async () => {
    const outlet = await payableOutlet({ name: 'Two Process Cafe' });
    const owner = await insertOwner('ravi.logout', outlet);
    const ownerAuth = await bearer('business', owner);
    const ticketRes = await fetch(`${a.url}/api/business/payments/${outlet}/events/ticket`, { method: 'POST', headers: ownerAuth });
    expect(ticketRes.status, a.output()).toBe(201);
    const { url } = (await ticketRes.json()) as { url: string };
    const stream = await openSse(`${a.url}${url}`);
    expect(stream.status).toBe(200);
    try {
      // The same ticket on the other process: spent.
      const reused = await openSse(`${b.url}${url}`);
      expect(reused.status).toBe(401);
      const started = Date.now();
      const out = await fetch(`${b.url}/api/onboarding/bo/logout`, { method: 'POST', headers: ownerAuth });
      expect(out.status, b.output()).toBe(200);
      await stream.next((e) => e.event === 'revoked', 3_000);
      await stream.ended;
      // The heartbeat is 20 s: this was the NOTIFY.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      stream.close();
    }
  }, 60_000);
});
