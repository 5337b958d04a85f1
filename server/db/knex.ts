import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import { knexConfig } from '../../knexfile.ts';
import type { Env } from '../env.ts';

export type Database = Knex;

/** Opens the database the environment points at and binds Objection's models to it. */
export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_MAX'>): Knex {
  const db = knexFactory(
    knexConfig({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR === 'memory' ? 'memory' : path.join(env.DATA_DIR, 'pgdata'),
      poolMax: env.DATABASE_POOL_MAX,
    }),
  );
  Model.knex(db);
  return db;
}

/** Binds Objection's models to an already open Knex instance (tests, scripts). */
export function bindModels(db: Knex): Knex {
  Model.knex(db);
  return db;
}

export function isEmbedded(db: Knex): boolean {
  return db.client.config.client !== 'pg';
}
