import type { Knex } from 'knex';

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
 * Runs one raw statement and returns its rows with camelCase keys (the snake-case mappers of the query
 * builder do not touch raw results). `T` is the statement's result row, written next to its SQL: the
 * values are the drivers' (tables.ts), so a `count(*)` or an `int8` column is a number.
 */
export async function rawRows<T>(db: Knex, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const k in r) out[camel(k)] = r[k];
    return out as T;
  });
}
