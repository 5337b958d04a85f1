import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { forgetTables, testDb } from '../test/database.ts';
import { createTestApp } from '../test/app.ts';
import { migrationSource } from '../../knexfile.ts';

// This file rolls the schema back and forth, so it manages its own state.
useTestDatabase({ reset: false });

async function tableNames(): Promise<string[]> {
  const { rows } = await testDb().raw(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'knex_migrations%' ORDER BY tablename`,
  );
  return rows.map((r: { tablename: string }) => r.tablename);
}

describe('migrations', () => {
  it('go all the way down and up again, leaving the same schema', async () => {
    const db = testDb();
    const before = await tableNames();
    expect(before).toEqual(expect.arrayContaining(['outlets', 'consumers', 'sessions', 'coupons', 'orders', 'ledger_entries', 'golden_key_ledger']));

    const all = await migrationSource.getMigrations([]);
    const [, down] = await db.migrate.rollback(undefined, true);
    expect(down).toHaveLength(all.length);
    expect(await tableNames()).toEqual([]);
    const { rows: ext } = await db.raw(`SELECT extname FROM pg_extension WHERE extname IN ('cube','earthdistance','pg_trgm')`);
    expect(ext).toEqual([]);

    // /readyz reports pending migrations as not ready.
    const { request } = createTestApp();
    const notReady = await request.get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body.migrations).toBe('pending');

    const [, up] = await db.migrate.latest();
    expect(up).toHaveLength(all.length);
    expect(await tableNames()).toEqual(before);
    forgetTables();
    expect((await request.get('/readyz')).status).toBe(200);
  });

  it('index nearby search and name search', async () => {
    const { rows } = await testDb().raw(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'outlets'`);
    const defs = rows.map((r: { indexdef: string }) => r.indexdef).join('\n');
    expect(defs).toMatch(/USING gist \(ll_to_earth\(latitude, longitude\)\)/);
    expect(defs).toMatch(/USING gin \(name gin_trgm_ops\)/);
  });

  it("price pg_trgm's similarity operators honestly, so a common search word is planned on the trigram index", async () => {
    const { rows } = await testDb().raw(
      `SELECT proname, procost FROM pg_proc WHERE proname IN ('similarity_op', 'word_similarity_op', 'word_similarity_commutator_op') ORDER BY proname`,
    );
    expect(rows.map((r: { proname: string; procost: number }) => [r.proname, Number(r.procost)])).toEqual([
      ['similarity_op', 100],
      ['word_similarity_commutator_op', 100],
      ['word_similarity_op', 100],
    ]);
  });

  it('keep the money ledgers append-only', async () => {
    const db = testDb();
    const [consumer] = await db('consumers').insert({ phoneHash: 'h', referralCode: 'MEZZZZ1' }).returning('id');
    const [entry] = await db('goldenKeyLedger').insert({ consumerId: consumer!.id, delta: 5, reason: 'adjustment' }).returning('id');
    await expect(db('goldenKeyLedger').where({ id: entry!.id }).update({ delta: 500 })).rejects.toThrow();
    await expect(db('goldenKeyLedger').where({ id: entry!.id }).delete()).rejects.toThrow();
    expect(await db('goldenKeyLedger').where({ id: entry!.id }).first('delta')).toEqual({ delta: 5 });
  });

  it('refuse bad money and percentages', async () => {
    const db = testDb();
    const [city] = await db('cities').insert({ name: 'Pune', slug: 'pune-x', state: 'Maharashtra', latitude: 18.52, longitude: 73.85 }).returning('id');
    const [category] = await db('categories').insert({ name: 'Cafés X', slug: 'cafes-x', icon: 'coffee' }).returning('id');
    const outlet = {
      name: 'Chai Point',
      slug: 'chai-point',
      categoryId: category!.id,
      cityId: city!.id,
      addressLineOne: '1 FC Road',
      addressLineTwo: 'Shivajinagar',
      state: 'Maharashtra',
      pincode: '411005',
      latitude: 18.52,
      longitude: 73.84,
      opensAt: '08:00',
      closesAt: '22:00',
    };
    await expect(db('outlets').insert({ ...outlet, latitude: 95 })).rejects.toThrow();
    await expect(db('outlets').insert({ ...outlet, shuffleMinPercent: 12, shuffleMaxPercent: 10 })).rejects.toThrow();
    const [o] = await db('outlets').insert(outlet).returning('id');
    await expect(db('outletDiscounts').insert({ outletId: o!.id, discountPercent: 101 })).rejects.toThrow();
    await expect(db('outletDiscounts').insert({ outletId: o!.id, discountPercent: -1 })).rejects.toThrow();
    await db('outletDiscounts').insert({ outletId: o!.id, discountPercent: 12.5 });
    expect(await db('outletDiscounts').where({ outletId: o!.id }).first('discountPercent')).toEqual({ discountPercent: 12.5 });
  });
});
