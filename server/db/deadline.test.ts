import type { Knex } from 'knex';
import Koa from 'koa';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from '../http/error-middleware.ts';
import { toAppError } from '../lib/errors.ts';
import { createLogger } from '../lib/logger.ts';
import { openDatabaseCopy } from '../test/database.ts';
import { useTestDatabase } from '../test/setup.ts';
import { isEmbedded, logDeadlines } from './knex.ts';

/**
 * Issue 26: every statement has a deadline from configuration, on PostgreSQL (statement_timeout and
 * idle_in_transaction_session_timeout on each pool connection) and on the embedded database (its
 * thread's timer). Runs on whichever database the suite uses (CI runs both).
 */
useTestDatabase({ reset: false });

const DEADLINE_MS = 2_000;
let copy: { db: Knex; drop: () => Promise<void> };
const lines: { level: string; msg: string; statement?: string; deadlineMs?: number }[] = [];

beforeAll(async () => {
  copy = await openDatabaseCopy({ statementTimeoutMs: DEADLINE_MS });
  const logger = createLogger({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  logDeadlines(copy.db, logger, DEADLINE_MS);
  await copy.db.raw('CREATE TABLE IF NOT EXISTS deadline_probe (id int PRIMARY KEY)'); // started
}, 180_000);

afterAll(async () => {
  await copy?.drop();
});

// On the embedded database a deadline restarts its thread, which boots again (seconds; more on a busy box).
describe('statement deadlines', { timeout: 180_000 }, () => {
  it('fail a statement past the deadline with SQLSTATE 57014, as a 503 to the client, and log its statement', async () => {
    const started = Date.now();
    const error = await copy.db.raw('SELECT pg_sleep(20) AS slow_one').catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 6_000);
    expect(error).toMatchObject({ code: '57014' });
    expect(toAppError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'statement passed its deadline', statement: 'SELECT pg_sleep(20) AS slow_one', deadlineMs: DEADLINE_MS }),
    );
    // The database still answers.
    expect((await copy.db.raw('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('roll back the transaction the statement was in', async () => {
    await copy.db.raw('CREATE TABLE IF NOT EXISTS deadline_probe (id int PRIMARY KEY)');
    const error = await copy.db
      .transaction(async (trx) => {
        await trx.raw('INSERT INTO deadline_probe VALUES (1)');
        await trx.raw('SELECT pg_sleep(20)');
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    // (An in-memory embedded database restarts from its snapshot: the table itself is gone then.)
    const exists = (await copy.db.raw(`SELECT to_regclass('deadline_probe') IS NOT NULL AS e`)).rows[0].e as boolean;
    const left = exists ? ((await copy.db.raw('SELECT count(*)::int AS n FROM deadline_probe')).rows[0].n as number) : 0;
    expect(left).toBe(0);
  });

  it('are set on every PostgreSQL pool connection', async () => {
    if (isEmbedded(copy.db)) {
      // PGlite cannot run PostgreSQL's timer inside WebAssembly: the deadline is its thread's (embedded.test.ts).
      return;
    }
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        copy.db.raw(`SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS idle, pg_sleep(0.05)`),
      ),
    );
    for (const r of rows) expect(r.rows[0]).toMatchObject({ st: '2s', idle: '1min' }); // DEADLINE_MS, 60_000
  });
});

describe('a request whose statement passed its deadline', { timeout: 180_000 }, () => {
  it('gets 503, Retry-After and a clear message in its language, never a 500', async () => {
    const app = new Koa();
    app.use(errorMiddleware(createLogger({ level: 'silent' })));
    app.use(async () => {
      await copy.db.raw('SELECT pg_sleep(20)');
    });
    const english = await supertest(app.callback()).get('/api/slow');
    expect(english.status).toBe(503);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.body).toEqual({ message: 'The server took too long to answer. Please try again in a moment.' });
    const hindi = await supertest(app.callback()).get('/api/slow').set('Accept-Language', 'hi-IN');
    expect(hindi.status).toBe(503);
    expect(hindi.body.message).toBe('सर्वर ने जवाब देने में बहुत देर लगा दी। कृपया थोड़ी देर बाद फिर से कोशिश करें।');
  });
});
