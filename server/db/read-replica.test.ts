import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp, testDatabaseUrl } from '../test/app.ts';
import { openDatabaseCopy, testDb } from '../test/database.ts';
import { businessWorld, type BusinessWorld } from '../test/factories.ts';
import { createLogger } from '../lib/logger.ts';
import { parseLsn, createReadRouting, type ReadRouting } from './read-replica.ts';

useTestDatabase();

describe('parseLsn', () => {
  it('reads pg_lsn text as a comparable number', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    for (const bad of [null, undefined, '', 'x/y', '1/2/3', '123']) expect(parseLsn(bad)).toBeNull();
  });
});

/**
 * The routing, with a "replica" that is another database: an empty copy of the schema, so a read it
 * serves finds nothing, and a replay position the test sets. (PostgreSQL and PGlite alike: the
 * positions come from pg_current_wal_lsn() on the primary.)
 */
describe('discovery reads with a replica', () => {
  let replica: { db: Knex; drop: () => Promise<void> };
  let replayed: bigint | null;
  let reads: ReadRouting;
  let app: ReturnType<typeof createTestApp>;
  let w: BusinessWorld;
  const isPostgres = () => testDatabaseUrl() !== null;

  beforeAll(async () => {
    replica = await openDatabaseCopy();
    reads = { replica: replica.db, replayLsn: () => replayed, close: async () => undefined };
  });
  afterAll(async () => {
    await replica.drop();
  });
  beforeEach(async () => {
    replayed = (1n << 62n); // caught up with anything
    app = createTestApp({ reads });
    w = await businessWorld();
  });

  const overview = (auth?: { Authorization: string }) => {
    const req = app.request.get(`/api/business/overview/${w.outletA}`);
    return auth ? req.set(auth) : req;
  };

  it('sends discovery reads to the replica, and everything else to the primary', async () => {
    // The outlet exists only on the primary: a 404 means the replica answered.
    expect((await overview()).status).toBe(404);
    expect((await app.request.post(`/api/outlet/details?outletId=${w.outletA}`)).status).toBe(404);
    // The owner's own console reads the primary.
    expect((await app.request.get('/api/business/overview').query({ outletId: w.outletA }).set(w.authA)).status).toBe(200);
  });

  it('an owner who just wrote reads the primary until the replica has replayed the write', async () => {
    if (!isPostgres()) return; // PGlite has one database; pg_current_wal_lsn() needs a server's WAL
    const saved = await app.request.post('/api/business/overview').set(w.authA).send({ outletId: w.outletA, ABOUT: 'Since 1965', HIGHLIGHTS: ['Pure veg'] });
    expect(saved.status).toBe(200);
    const session = await testDb()('sessions').where({ businessOwnerId: w.ownerA }).first('writeLsn');
    expect(session?.writeLsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    const wrote = parseLsn(session!.writeLsn)!;

    // The replica has not replayed the write yet: the writer reads the primary and sees the edit …
    replayed = wrote - 1n;
    const own = await overview(w.authA);
    expect(own.status).toBe(200);
    expect(own.body.overview.ABOUT).toBe('Since 1965');
    // … while the sub-account, who wrote nothing, and an anonymous shopper read the replica.
    expect((await overview(w.authSubA)).status).toBe(404);
    expect((await overview()).status).toBe(404);
    // Caught up: the writer reads the replica too.
    replayed = wrote;
    expect((await overview(w.authA)).status).toBe(404);
  });

  it('a replica that stops answering sends every read to the primary', async () => {
    replayed = null;
    const res = await overview();
    expect(res.status).toBe(200);
    const metrics = await app.request.get('/metrics');
    expect(metrics.text).toMatch(/bachat_read_routing_total\{target="primary"\} 1/);
  });

  it('createReadRouting polls the replay position, and reads nothing stale when the database is a primary', async () => {
    const routing = createReadRouting(replica.db, createLogger({ level: 'silent' }), 20);
    try {
      for (let i = 0; i < 100 && routing.replayLsn() === null; i++) await new Promise((r) => setTimeout(r, 20));
      expect(routing.replayLsn()).not.toBeNull();
    } finally {
      await routing.close().catch(() => undefined);
    }
  });
});
