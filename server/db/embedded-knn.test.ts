import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabase } from './embedded.ts';

/**
 * Issue 26's stall, by its statement shape: a nearest-first GiST scan over cube/earthdistance (and the
 * pg_trgm one the search runs first), on freshly started embedded databases. With PGlite's default
 * start (every extension library instantiated at once, asynchronously) about one start in eight trapped
 * in the cube library ("null function or function signature mismatch") and spun for good; the worker
 * loads the libraries on first use instead (embedded-worker.ts, docs/operations.md "The embedded
 * database"). Runs on PGlite whatever TEST_DATABASE_URL says.
 *
 * The upstream reproducer (electric-sql/pglite#1058), stock PGlite and nothing of ours:
 *   const db = new PGlite({ extensions: { cube, earthdistance, pg_trgm } });
 *   await db.exec(`CREATE EXTENSION cube; CREATE EXTENSION earthdistance; CREATE EXTENSION pg_trgm;
 *     CREATE TABLE places (id int PRIMARY KEY, lat float8, lon float8);
 *     INSERT INTO places SELECT g, 8 + (g % 200) * 0.1, 70 + (g / 200) * 0.1 FROM generate_series(1, 5000) g;
 *     CREATE INDEX ON places USING gist (ll_to_earth(lat, lon));
 *     CREATE TABLE terms (term text PRIMARY KEY); INSERT INTO terms SELECT 'word' || g FROM generate_series(1, 500) g;
 *     CREATE INDEX ON terms USING gist (term gist_trgm_ops);`);
 *   const dump = await db.dumpDataDir('none');
 *   // then, many times, each in a worker thread with a watchdog:
 *   const fresh = new PGlite({ loadDataDir: dump, extensions: { cube, earthdistance, pg_trgm } });
 *   await fresh.query(`SELECT term FROM terms ORDER BY term <-> 'wrod' LIMIT 3`); // pg_trgm first
 *   await fresh.query('SELECT id FROM places ORDER BY ll_to_earth(lat, lon) <-> ll_to_earth($1, $2) LIMIT 5', [12.97, 77.6]);
 *   // some starts never return (the protocol loop swallows the WebAssembly trap and spins).
 */
const STARTS = 10;
const RUNS_PER_START = 20;

let dir: string;
let snapshot: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-knn-'));
  snapshot = path.join(dir, 'places.tar');
  const db = new EmbeddedDatabase();
  try {
    await db.exec(`
      CREATE EXTENSION cube; CREATE EXTENSION earthdistance; CREATE EXTENSION pg_trgm;
      CREATE TABLE places (id int PRIMARY KEY, lat float8 NOT NULL, lon float8 NOT NULL);
      INSERT INTO places SELECT g, 8 + (g % 200) * 0.1, 70 + (g / 200) * 0.1 FROM generate_series(1, 5000) g;
      CREATE INDEX places_earth ON places USING gist (ll_to_earth(lat, lon));
      CREATE TABLE terms (term text PRIMARY KEY);
      INSERT INTO terms SELECT 'word' || g FROM generate_series(1, 500) g;
      CREATE INDEX terms_trgm ON terms USING gist (term gist_trgm_ops);`);
    fs.writeFileSync(snapshot, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await db.close();
  }
}, 180_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('nearest-first scans on freshly started embedded databases', () => {
  it(`answer ${STARTS * RUNS_PER_START} times out of ${STARTS * RUNS_PER_START}, each within its deadline`, async () => {
    let answered = 0;
    for (let start = 0; start < STARTS; start++) {
      // A deadline turns a stall into a failure naming the statement instead of a hung run.
      const db = new EmbeddedDatabase({ loadDataDirPath: snapshot, statementTimeoutMs: 15_000 });
      try {
        for (let run = 0; run < RUNS_PER_START; run++) {
          // The search's order: its words first (a pg_trgm KNN), then the nearest outlets (cube).
          const words = await db.query<{ term: string }>('SELECT term FROM terms ORDER BY term <-> $1 LIMIT 3', [`wrod${run}`]);
          expect(words.rows).toHaveLength(3);
          const near = await db.query<{ id: number }>(
            'SELECT id FROM places ORDER BY ll_to_earth(lat, lon) <-> ll_to_earth($1, $2) LIMIT 5',
            [8 + run * 0.3, 70 + start * 0.2],
          );
          expect(near.rows).toHaveLength(5);
          answered++;
        }
      } finally {
        await db.close();
      }
    }
    expect(answered).toBe(STARTS * RUNS_PER_START);
  }, 600_000);
});
