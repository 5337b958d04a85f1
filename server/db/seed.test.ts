import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { testDb } from '../test/database.ts';
import { TEST_SECRET } from '../test/app.ts';
import { createLocalStorage } from '../providers/storage.ts';
import { createLogger } from '../lib/logger.ts';
import { hashPhone } from '../lib/crypto.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { runSeeds } from './seed.ts';
import { prepareDatabase } from './prepare.ts';
import { reconcileMoney } from '../modules/settlements/reconcile.ts';
import { DEMO_BUSINESS_OWNER, DEMO_SALES, DEMO_SHOPPER } from '../../seeds/data/demo-logins.ts';

useTestDatabase();

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-seed-'));
const storage = createLocalStorage(path.join(storageDir, 'uploads'));
const options = { storage, demo: true, hashPhone: (p: string) => hashPhone(TEST_SECRET, p) };

/** Every table's row count and an order-independent checksum of its contents (timestamps included). */
async function fingerprint(): Promise<Record<string, string>> {
  const db = testDb();
  const { rows } = await db.raw(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'knex_migrations%' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of rows as { tablename: string }[]) {
    const r = await db.raw(
      `SELECT count(*) AS n, coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS sum FROM "${tablename}" t`,
    );
    out[tablename] = `${r.rows[0].n}:${r.rows[0].sum}`;
  }
  return out;
}

describe('seeds', () => {
  it('fill reference and demo data, and a second run changes nothing', async () => {
    await runSeeds(testDb(), options);
    const first = await fingerprint();
    const count = (t: string) => Number(first[t]!.split(':')[0]);
    expect(count('cities')).toBeGreaterThanOrEqual(5);
    expect(count('categories')).toBeGreaterThanOrEqual(8);
    expect(count('outlets')).toBeGreaterThanOrEqual(200);
    expect(count('outlet_photos')).toBeGreaterThanOrEqual(400);
    expect(count('promotion_time_slots')).toBeGreaterThan(0);
    expect(count('outlet_discounts')).toBeGreaterThan(0);

    await runSeeds(testDb(), options);
    expect(await fingerprint()).toEqual(first);
    // The demo money reconciles (npm run reconcile): revenue = settlement = Route transfers − reversals.
    const money = await reconcileMoney(testDb(), { GST_PERCENT: 18 });
    expect(money).toMatchObject({ differences: [], captureProblems: [], ok: true });
    expect(money.days).toBeGreaterThan(0);
  });

  it('keep every outlet near its city centre', async () => {
    await runSeeds(testDb(), options);
    const { rows } = await testDb().raw(
      `SELECT max(earth_distance(ll_to_earth(o.latitude, o.longitude), ll_to_earth(c.latitude, c.longitude))) AS km
         FROM outlets o JOIN cities c ON c.id = o.city_id`,
    );
    expect(rows[0].km / 1000).toBeLessThan(15);
  });

  it('create the demo logins listed in the README, with hashed passwords and images in storage', async () => {
    await runSeeds(testDb(), options);
    const db = testDb();
    const owner = await db('businessOwners').where({ username: DEMO_BUSINESS_OWNER.username }).first();
    expect(owner!.isMaster).toBe(true);
    expect(owner!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(owner!.passwordHash, DEMO_BUSINESS_OWNER.password)).toBe(true);
    const owned = await db('outlets').where({ ownerId: owner!.id });
    expect(owned.length).toBeGreaterThanOrEqual(2);
    const sub = await db('businessOwners').where({ masterId: owner!.id }).first();
    expect(sub).toBeTruthy();
    expect((await db('businessOwnerOutlets').where({ businessOwnerId: sub!.id })).length).toBeGreaterThan(0);

    const sales = await db('salesStaff').where({ username: DEMO_SALES.username }).first();
    expect(await verifyPassword(sales!.passwordHash, DEMO_SALES.password)).toBe(true);

    const shopper = await db('consumers').where({ phoneNumber: DEMO_SHOPPER.phoneNumber }).first();
    expect(shopper!.phoneHash).toBe(hashPhone(TEST_SECRET, DEMO_SHOPPER.phoneNumber));

    const photo = await db('outletPhotos').first('storageKey');
    expect(await storage.exists(photo!.storageKey)).toBe(true);
  });

  it('leave changes people made alone', async () => {
    await runSeeds(testDb(), options);
    const db = testDb();
    await db('categories').where({ slug: (await db('categories').first('slug'))!.slug }).update({ isActive: false });
    const outlet = await db('outlets').orderBy('id').first('id');
    await db('outlets').where({ id: outlet!.id }).update({ name: 'Renamed by its owner' });
    await runSeeds(testDb(), options);
    expect(await db('outlets').where({ id: outlet!.id }).first('name')).toEqual({ name: 'Renamed by its owner' });
    expect(await db('categories').where({ isActive: false }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('claim "Pure Veg" only for vegetarian outlets, and a second run takes it off an install seeded before the fix (issue 28)', async () => {
    await runSeeds(testDb(), options);
    const db = testDb();
    const wrong = () =>
      db('outletOverviews as v')
        .join('outlets as o', 'o.id', 'v.outletId')
        .where('o.isVeg', false)
        .whereRaw(`v.highlights @> '["Pure Veg"]'::jsonb`)
        .select('o.name');
    expect(await wrong()).toEqual([]);
    // An install seeded by the old generator: the biryani house said "Pure Veg".
    const biryani = (await db('outlets').where({ name: 'Swastik Biryani House' }).first('id', 'isVeg'))!;
    expect(biryani.isVeg).toBe(false);
    await db('outletOverviews').where({ outletId: biryani.id }).update({ highlights: JSON.stringify(['Takeaway', 'Pure Veg', 'Valet Parking']) });
    // An outlet someone else made keeps what its owner wrote.
    const mine = (await db('outlets').where({ isVeg: false }).whereNot({ id: biryani.id }).first('id'))!;
    await db('outlets').where({ id: mine.id }).update({ slug: 'made-by-its-owner' });
    await db('outletOverviews').where({ outletId: mine.id }).update({ highlights: JSON.stringify(['Pure Veg']) });
    await runSeeds(testDb(), options);
    expect((await db('outletOverviews').where({ outletId: biryani.id }).first('highlights'))!.highlights).toEqual(['Takeaway', 'Valet Parking']);
    expect((await db('outletOverviews').where({ outletId: mine.id }).first('highlights'))!.highlights).toEqual(['Pure Veg']);
  });

  it('run at start only on an empty database', async () => {
    const logger = createLogger({ level: 'silent' });
    const first = await prepareDatabase(testDb(), { storage, demo: false, logger, secret: TEST_SECRET });
    expect(first).toEqual({ migrated: [], seeded: true });
    expect(await testDb()('outlets').count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(Number((await testDb()('categories').count({ n: '*' }).first())?.n)).toBeGreaterThanOrEqual(8);
    const second = await prepareDatabase(testDb(), { storage, demo: true, logger, secret: TEST_SECRET });
    expect(second.seeded).toBe(false);
    expect(await testDb()('outlets').count({ n: '*' }).first()).toEqual({ n: 0 });
  });
});
