import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { embeddedOf, knexConfig } from '../../knexfile.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { QUERY_CANCELED, statementHead } from './embedded.ts';

export type Database = Knex;

type DatabaseEnv = Pick<
  Env,
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'DATABASE_POOL_MAX'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
  | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  | 'DATABASE_ACQUIRE_TIMEOUT_MS'
>;

/**
 * Opens the database the environment points at. Nothing is bound globally: services read the app's
 * Knex from the runtime (server/lib/runtime.ts), and Objection models are given it per query.
 *
 * Every statement has the deadline DATABASE_STATEMENT_TIMEOUT_MS (docs/operations.md, "Statement
 * deadlines"); one that passes it fails with SQLSTATE 57014 (a 503 to the client, errors.ts) and is
 * logged here with its statement.
 */
export function openDatabase(env: DatabaseEnv, logger?: Logger): Knex {
  const db = knexFactory(
    knexConfig({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR === 'memory' ? 'memory' : path.join(env.DATA_DIR, 'pgdata'),
      poolMax: env.DATABASE_POOL_MAX,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
      onEmbeddedEvent: (event) => {
        if (event.kind === 'restart') logger?.error({ reason: event.reason }, 'embedded database restarted');
        else if (event.kind === 'crash') logger?.error({ statement: event.statement, error: event.error }, 'embedded database backend failed');
      },
    }),
  );
  if (logger) logDeadlines(db, logger, env.DATABASE_STATEMENT_TIMEOUT_MS);
  return db;
}

/** Logs each statement that passed its deadline (SQLSTATE 57014): its name or head, never its values. */
export function logDeadlines(db: Knex, logger: Logger, deadlineMs: number): void {
  db.on('query-error', (error: { code?: string; nativeError?: { code?: string } }, query: { sql?: string; options?: { name?: string } }) => {
    const code = error.code ?? error.nativeError?.code;
    if (code !== QUERY_CANCELED) return;
    const sql = statementHead(query.sql ?? '');
    logger.warn({ statement: query.options?.name ?? sql, sql, deadlineMs }, 'statement passed its deadline');
  });
}

export function isEmbedded(db: Knex): boolean {
  return db.client.config.client !== 'pg';
}

/**
 * Runs `fn` with the statement deadline lifted (migrations and seeds at start: a first index build may
 * take longer than a request's statement should). PostgreSQL: `fn` gets a Knex of its own whose
 * connections have no deadline; embedded: the one thread's deadline is lifted meanwhile.
 */
export async function withoutDeadline<T>(db: Knex, fn: (db: Knex) => Promise<T>): Promise<T> {
  const embedded = embeddedOf(db);
  if (embedded) {
    const before = embedded.statementTimeoutMs;
    embedded.setStatementTimeout(0);
    try {
      return await fn(db);
    } finally {
      embedded.setStatementTimeout(before);
    }
  }
  const connection = db.client.config.connection as string;
  const unbounded = knexFactory(knexConfig({ databaseUrl: connection, poolMax: 2, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 }));
  try {
    return await fn(unbounded);
  } finally {
    await unbounded.destroy();
  }
}
