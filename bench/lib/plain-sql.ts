import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import pg from 'pg';
import { statementName } from '../../server/db/rows.ts';

/**
 * The reference every API line is divided by: the very statement the service runs, sent over the plain
 * driver (node-postgres on PostgreSQL, the PGlite instance itself when embedded), with no Knex, no
 * mapping and no HTTP. Statements come from the service's own SQL builders with `?` placeholders;
 * they are turned into `$1…$n` once, as Knex would.
 */
export interface PlainSql {
  query(sql: string, bindings: readonly unknown[]): Promise<unknown>;
  /**
   * A statement as the service's `runPlanned` runs it: prepared under the same name when it is
   * `prepared` (PostgreSQL's named statements, as `rawRows` sends them); with plan hints, in a
   * transaction of its own with each hint `SET LOCAL`.
   */
  planned(statement: PlainStatement): Promise<unknown>;
  close(): Promise<void>;
}

export interface PlainStatement {
  sql: string;
  bindings: readonly unknown[];
  planHints?: readonly string[];
  prepared?: boolean;
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
export function plainSql(db: Knex | null, options: { connectionString?: string; max?: number } = {}): PlainSql {
  const cache = new Map<string, string>();
  const positional = (sql: string) => {
    let p = cache.get(sql);
    if (p === undefined) cache.set(sql, (p = toPositional(sql)));
    return p;
  };
  if (options.connectionString) {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
    // As node-postgres gets it from Knex: the statement's name when it is prepared (server/db/rows.ts).
    const config = ({ sql, bindings, prepared }: PlainStatement): pg.QueryConfig => {
      const name = prepared ? statementName(sql) : undefined;
      return { text: positional(sql), values: bindings as unknown[], ...(name ? { name } : {}) };
    };
    return {
      query: (sql, bindings) => pool.query(positional(sql), bindings as unknown[]),
      planned: async (statement) => {
        if (!statement.planHints?.length) return pool.query(config(statement));
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          for (const hint of statement.planHints) await client.query(`SET LOCAL ${hint}`);
          const result = await client.query(config(statement));
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
  const pglite = (db?.client as { pglite?: PGlite } | undefined)?.pglite;
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
