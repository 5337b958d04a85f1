import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabase, type EmbeddedEvent } from './embedded.ts';

/**
 * The embedded database on its own thread (issue 26): statements have a deadline, a statement past it
 * fails like PostgreSQL's statement_timeout and the database comes back, and the main thread keeps
 * running meanwhile. These run on PGlite whatever TEST_DATABASE_URL says.
 */
const opened: EmbeddedDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(options: ConstructorParameters<typeof EmbeddedDatabase>[0] = {}): EmbeddedDatabase {
  const db = new EmbeddedDatabase(options);
  opened.push(db);
  return db;
}

/** One instance for the tests that neither restart nor close it (each boot costs seconds). */
let shared: EmbeddedDatabase | null = null;
const sharedDb = () => (shared ??= new EmbeddedDatabase());
afterAll(async () => {
  await shared?.close();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-embedded-'));
  dirs.push(dir);
  return dir;
}

// Each test boots PGlite (about 3 s on a quiet two-core machine, far more on a busy one).
describe('the embedded database thread', { timeout: 180_000 }, () => {
  it('answers statements with rows, parsed as the app expects (int8 and numeric as numbers, dates as text)', async () => {
    const db = sharedDb();
    const { rows } = await db.query<{ n: number; p: number; d: string }>(`SELECT 12::int8 AS n, 2.5::numeric AS p, DATE '2026-11-28' AS d`);
    expect(rows).toEqual([{ n: 12, p: 2.5, d: '2026-11-28' }]);
    const results = await db.exec('CREATE TABLE rows_t (id int PRIMARY KEY, name text NOT NULL); INSERT INTO rows_t VALUES (1, $$a$$)');
    expect(results).toHaveLength(2);
  });

  it("keeps PostgreSQL's error fields across the thread (the app maps them by SQLSTATE)", async () => {
    const db = sharedDb();
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL)');
    await db.query('INSERT INTO t VALUES (1, $1)', ['a']);
    await expect(db.query('INSERT INTO t VALUES (1, $1)', ['b'])).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      table: 't',
      detail: expect.stringContaining('(id)=(1)'),
    });
    await expect(db.query('INSERT INTO t (id) VALUES (2)')).rejects.toMatchObject({ code: '23502', column: 'name' });
  });

  it('keeps the main thread free while a statement runs: timers fire on time', async () => {
    const db = sharedDb();
    await db.ready;
    const lags: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      lags.push(now - last - 20);
      last = now;
    }, 20);
    await db.query('SELECT pg_sleep(1.5)');
    clearInterval(timer);
    // On the main thread PGlite would hold every timer for the whole 1.5 s.
    expect(lags.length).toBeGreaterThan(20);
    expect(Math.max(...lags)).toBeLessThan(500);
  });

  it('fails a statement past its deadline with SQLSTATE 57014 naming the statement, and comes back with the data kept', async () => {
    const dataDir = tempDir();
    const events: EmbeddedEvent[] = [];
    const db = open({ dataDir, statementTimeoutMs: 1_500, onEvent: (e) => events.push(e) });
    await db.exec('CREATE TABLE kept (id int PRIMARY KEY); INSERT INTO kept VALUES (7)');
    const started = Date.now();
    const error = await db.query('SELECT pg_sleep(30) AS too_long').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({ code: '57014', message: expect.stringContaining('SELECT pg_sleep(30) AS too_long') });
    expect(events.map((e) => e.kind)).toEqual(['deadline', 'restart']);
    // The next statement runs on the restarted database, over the same directory.
    expect((await db.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
  });

  it('fails the statements queued behind a stuck one instead of leaving them waiting', async () => {
    const db = open({ statementTimeoutMs: 1_500 });
    await db.ready;
    const stuck = db.query('SELECT pg_sleep(30)').catch((e: unknown) => e);
    const behind = db.query('SELECT 1 AS one').catch((e: unknown) => e);
    expect(await stuck).toMatchObject({ code: '57014' });
    // Behind it on the same thread: ended with the thread (57P01), never left hanging.
    expect(await behind).toMatchObject({ code: '57P01' });
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('lets a slow statement finish when no deadline is set (migrations and seeds run so)', async () => {
    const db = open({ statementTimeoutMs: 1_000 });
    db.setStatementTimeout(0);
    expect((await db.query<{ done: number }>('SELECT 1 AS done FROM pg_sleep(1.5)')).rows).toEqual([{ done: 1 }]);
  });

  it('refuses statements once closed', async () => {
    const db = open();
    await db.query('SELECT 1');
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '57P01' });
  });
});
