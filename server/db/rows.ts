import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isEmbedded } from './knex.ts';

/**
 * Typed helpers for the few shapes the query builder cannot type by itself. Tables' row types are in
 * tables.ts; `db('outlets')` is typed from there.
 */

/** The one row an `INSERT … RETURNING` (or a one-row `UPDATE … RETURNING`) gave back. */
export function single<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}

const camelNames = new Map<string, string>();
/** snake_case → camelCase, remembered: raw statements return the same few dozen column names. */
const camel = (k: string) => {
  let name = camelNames.get(k);
  if (name === undefined) {
    name = k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelNames.set(k, name);
  }
  return name;
};

/**
 * The most statements one process names (prepares): a statement's text must come from a builder with a
 * fixed set of shapes to be named; past this many, statements run unnamed, so a text that varies per
 * call can never grow every connection's set of prepared statements without bound.
 */
export const MAX_NAMED_STATEMENTS = 200;
const statementNames = new Map<string, string>();

/**
 * The name a statement is prepared under on PostgreSQL (`bachat_` and a hash of its text), or
 * undefined past MAX_NAMED_STATEMENTS.
 */
export function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return undefined;
    name = `bachat_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Options of a raw statement. */
export interface RawOptions {
  /**
   * Prepare the statement once per connection and reuse it (PostgreSQL's named statements, through
   * node-postgres), instead of parsing and planning it on every call: for the hot reads whose planning
   * costs more than their execution (an outlet's details: 0.4 ms planning, 0.1 ms execution). Only
   * for statements of a builder with a fixed set of texts (the values are parameters); PostgreSQL
   * keeps custom plans for the first five executions, then a generic plan only where it is no worse.
   * The embedded database runs every statement as is.
   */
  prepared?: boolean;
}

/**
 * Runs one raw statement and returns its rows with camelCase keys (the snake-case mappers of the query
 * builder do not touch raw results). `T` is the statement's result row, written next to its SQL: the
 * values are the drivers' (tables.ts), so a `count(*)` or an `int8` column is a number.
 */
export async function rawRows<T>(db: Knex, sql: string, bindings: readonly unknown[] = [], options: RawOptions = {}): Promise<T[]> {
  const raw = db.raw(sql, bindings as Knex.RawBinding[]);
  const name = options.prepared && !isEmbedded(db) ? statementName(sql) : undefined;
  if (name) raw.options({ name });
  const result = (await raw) as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k in r) out[camel(k)] = r[k];
    return out as T;
  });
}
