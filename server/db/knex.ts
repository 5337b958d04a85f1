import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../knexfile.ts';
import type { Env } from '../env.ts';

export type Database = Knex;

/**
 * Opens the database the environment points at. Nothing is bound globally: services read the app's
 * Knex from the runtime (server/lib/runtime.ts), and Objection models are given it per query.
 */
export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_MAX'>): Knex {
  const db = knexFactory(
    knexConfig({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR === 'memory' ? 'memory' : path.join(env.DATA_DIR, 'pgdata'),
      poolMax: env.DATABASE_POOL_MAX,
    }),
  );
  return db;
}

export function isEmbedded(db: Knex): boolean {
  return db.client.config.client !== 'pg';
}
