import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import pg from 'pg';

/**
 * The reference every API line is divided by: the very statement the service runs, sent over the plain
 * driver (node-postgres on PostgreSQL, the PGlite instance itself when embedded), with no Knex, no
 * mapping and no HTTP. Statements come from the service's own SQL builders with `?` placeholders;
 * they are turned into `$1…$n` once, as Knex would.
 */
export interface PlainSql {
  query(sql: string, bindings: readonly unknown[]): Promise<unknown>;
  /**
   * A statement as the service's `runPlanned` runs it: with plan hints, in a transaction of its own
   * with each hint `SET LOCAL`; without, as `query`.
   */
  planned(statement: { sql: string; bindings: readonly unknown[]; planHints?: readonly string[] }): Promise<unknown>;
  close(): Promise<void>;
}

/** `?` placeholders (outside quotes and `??`) → `$1…$n`, as Knex's pg client numbers them. */
export function toPositional(sql: string): string {
  let n = 0;
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?' && sql[i + 1] === '?') {
      out += '??';
      i++;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/** A plain-driver runner over the same database (and schema) as `db`. */
export function plainSql(db: Knex, options: { connectionString?: string; max?: number } = {}): PlainSql {
  const cache = new Map<string, string>();
  const positional = (sql: string) => {
    let p = cache.get(sql);
    if (p === undefined) cache.set(sql, (p = toPositional(sql)));
    return p;
  };
  if (options.connectionString) {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
    return {
      query: (sql, bindings) => pool.query(positional(sql), bindings as unknown[]),
      planned: async ({ sql, bindings, planHints }) => {
        if (!planHints?.length) return pool.query(positional(sql), bindings as unknown[]);
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          for (const hint of planHints) await client.query(`SET LOCAL ${hint}`);
          const result = await client.query(positional(sql), bindings as unknown[]);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const pglite = (db.client as { pglite?: PGlite }).pglite;
  if (!pglite) throw new Error('plainSql: no PGlite instance behind this Knex and no connection string');
  return {
    query: (sql, bindings) => pglite.query(positional(sql), bindings as unknown[]),
    planned: ({ sql, bindings, planHints }) =>
      planHints?.length
        ? pglite.transaction(async (tx) => {
            for (const hint of planHints) await tx.query(`SET LOCAL ${hint}`);
            return tx.query(positional(sql), bindings as unknown[]);
          })
        : pglite.query(positional(sql), bindings as unknown[]),
    close: async () => undefined,
  };
}
