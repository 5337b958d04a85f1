import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { bearer, createTestApp, testDatabaseUrl } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { newShopper, payableOutlet } from '../test/factories.ts';
import { checkCapturedOrders } from '../modules/payments/integrity.ts';
import { latestDump, restoreDrill, takeDump } from './restore-drill.ts';

useTestDatabase();

/** Deletes a ledger row past its append-only trigger (what a lost or damaged backup looks like). */
async function loseLedgerEntry(publicId: string): Promise<void> {
  const order = await testDb()('orders').where({ publicId }).first('id');
  await testDb().transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx('ledgerEntries').where({ orderId: order!.id, entryType: 'gst' }).delete();
  });
}

/** A bill paid through the app (order, sandbox capture): the rows one capture makes. */
async function paidOrder(): Promise<string> {
  const { request } = createTestApp();
  const auth = await bearer('consumer', await newShopper());
  const outletId = await payableOutlet({ basePercent: 10 });
  const created = await request.post('/api/outlet/route/v1/create').set(auth).set('Idempotency-Key', `drill-${randomUUID()}`).send({ outletId, amount: '1000' }).expect(200);
  const orderId = created.body.order.ORDER_ID as string;
  await request.post(`/api/payments/demo/${orderId}/complete`).set(auth).send({ outcome: 'pay' }).expect(200);
  return orderId;
}

const onPostgres = () => testDatabaseUrl() !== null;
const connection = () => testDatabaseUrl()!;

describe('the money check', () => {
  it('passes a captured order, and names one missing a ledger entry or captured twice', async () => {
    const orderId = await paidOrder();
    expect(await checkCapturedOrders(testDb())).toMatchObject({ checked: 1, problems: [], missing: 0 });
    expect(await checkCapturedOrders(testDb(), [orderId, '00000000-0000-4000-8000-000000000000'])).toMatchObject({ checked: 1, problems: [], missing: 1 });
    await loseLedgerEntry(orderId);
    const broken = await checkCapturedOrders(testDb());
    expect(broken.problems).toMatchObject([{ orderId, entries: 7, entryTypes: 7, captures: 1 }]);
  });
});

describe('npm run backup and npm run restore-drill', () => {
  it('restores the newest dump into a scratch database, checks it and drops it', async () => {
    if (!onPostgres()) return; // pg_dump needs a PostgreSQL server (TEST_DATABASE_URL)
    await paidOrder();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-backups-'));
    const first = await takeDump(connection(), dir, new Date('2026-11-01T00:00:00Z'));
    const newest = await takeDump(connection(), dir, new Date('2026-11-02T00:00:00Z'));
    fs.utimesSync(first, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    expect(latestDump(dir)).toBe(newest);
    const lines: string[] = [];
    const report = await restoreDrill({ dump: newest, databaseUrl: connection(), log: (l) => lines.push(l), reconcile: async () => null });
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['restore', true],
      ['migrations current', true],
      ['row counts', true],
      ['money: every paid order captured once with its ledger entries', true],
    ]);
    expect(report.ok).toBe(true);
    expect(lines.join('\n')).toMatch(/orders 1 \(live 1\)/);
    const left = await testDb().raw('SELECT count(*)::int AS n FROM pg_database WHERE datname = ?', [report.scratch]);
    expect(left.rows[0].n).toBe(0);
  }, 120_000);

  it('fails when the dump holds money rows the live database has lost', async () => {
    if (!onPostgres()) return;
    const orderId = await paidOrder();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-backups-'));
    const dump = await takeDump(connection(), dir);
    await loseLedgerEntry(orderId);
    const report = await restoreDrill({ dump, databaseUrl: connection() });
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'row counts')).toMatchObject({ ok: false, detail: expect.stringContaining('fewer ledger_entries') });
  }, 120_000);
});
