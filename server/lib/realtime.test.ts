import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Knex } from 'knex';
import { useTestDatabase } from '../test/setup.ts';
import { testDb } from '../test/database.ts';
import { createLogger } from './logger.ts';
import { createLocalRealtime, createPostgresRealtime, createRealtime, type Realtime, type RealtimeSignal } from './realtime.ts';

/**
 * The realtime bus (server/lib/realtime.ts): a message published in a transaction arrives only if it
 * commits, after the commit; on PostgreSQL through LISTEN/NOTIFY from one bus (process) to another,
 * with a `resync` after the listening connection was cut.
 */

useTestDatabase();
const onPostgres = inject('testDatabase').mode === 'pg';
const logger = createLogger({ level: 'silent' });
const buses: Realtime[] = [];
afterEach(async () => {
  for (const b of buses.splice(0)) await b.close();
});

function collect(bus: Realtime, topic: string) {
  const got: RealtimeSignal<unknown>[] = [];
  return { got, ready: bus.subscribe(topic, (s) => got.push(s)) };
}

async function until(check: () => boolean, timeoutMs = 3_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function inTransaction(db: Knex, bus: Realtime, data: unknown, rollback: boolean) {
  await db
    .transaction(async (trx) => {
      await bus.publish('outlet:1', data, trx);
      if (rollback) throw new Error('rolled back');
    })
    .catch(() => undefined);
}

describe('in-process bus (embedded database)', () => {
  it('delivers to subscribers of the topic only; in a transaction only after it commits, never on rollback', async () => {
    const bus = createLocalRealtime();
    buses.push(bus);
    const one = collect(bus, 'outlet:1');
    const two = collect(bus, 'outlet:2');
    await one.ready;
    await two.ready;
    await bus.publish('outlet:1', { seq: 1 });
    await inTransaction(testDb(), bus, { seq: 2 }, true);
    let seenInside = -1;
    await testDb().transaction(async (trx) => {
      await bus.publish('outlet:1', { seq: 3 }, trx);
      seenInside = one.got.length;
    });
    await until(() => one.got.length === 2);
    expect(seenInside).toBe(1);
    expect(one.got).toEqual([
      { type: 'message', data: { seq: 1 } },
      { type: 'message', data: { seq: 3 } },
    ]);
    expect(two.got).toEqual([]);
    await bus.close();
    expect(one.got.at(-1)).toEqual({ type: 'closed' });
  });

  it('is the bus an embedded database gets', () => {
    if (!onPostgres) expect(createRealtime(testDb(), logger).kind).toBe('in-process');
  });
});

describe.skipIf(!onPostgres)('LISTEN/NOTIFY (PostgreSQL)', () => {
  it('a message published by one bus (process) reaches another; in a transaction at commit, never on rollback', async () => {
    const publisher = createPostgresRealtime(testDb(), logger);
    const listener = createPostgresRealtime(testDb(), logger);
    buses.push(publisher, listener);
    const sub = collect(listener, 'outlet:1');
    await sub.ready;
    await inTransaction(testDb(), publisher, { seq: 1 }, true);
    await inTransaction(testDb(), publisher, { seq: 2 }, false);
    await publisher.publish('outlet:1', { seq: 3 });
    await until(() => sub.got.length === 2);
    expect(sub.got).toEqual([
      { type: 'message', data: { seq: 2 } },
      { type: 'message', data: { seq: 3 } },
    ]);
    expect(createRealtime(testDb(), logger).kind).toBe('postgres');
  });

  it('after the listening connection is cut it reconnects and tells subscribers to resync', async () => {
    const listener = createPostgresRealtime(testDb(), logger);
    buses.push(listener);
    const sub = collect(listener, 'outlet:9');
    await sub.ready;
    await testDb().raw(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND pid <> pg_backend_pid() AND datname = current_database()`);
    await until(() => sub.got.some((s) => s.type === 'resync'), 10_000);
    await testDb().raw(`SELECT pg_notify('bachat_realtime', ?)`, [JSON.stringify({ t: 'outlet:9', d: { seq: 7 } })]);
    await until(() => sub.got.some((s) => s.type === 'message'));
    expect(sub.got.filter((s) => s.type === 'message')).toEqual([{ type: 'message', data: { seq: 7 } }]);
  });
});
