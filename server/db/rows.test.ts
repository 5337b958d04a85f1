import { describe, expect, it, vi } from 'vitest';
import { testDb } from '../test/database.ts';
import { useTestDatabase } from '../test/setup.ts';
import { MAX_NAMED_STATEMENTS, rawRows, statementName } from './rows.ts';
import { isEmbedded } from './knex.ts';

useTestDatabase({ reset: false });

describe('rawRows', () => {
  it('maps snake_case columns to camelCase', async () => {
    expect(await rawRows(testDb(), 'SELECT 1::int AS some_value, ?::text AS other_name', ['x'])).toEqual([{ someValue: 1, otherName: 'x' }]);
  });

  it('prepares a statement once per connection under its name and reuses it on PostgreSQL; runs it as is on the embedded database', async () => {
    const sql = 'SELECT ?::int + 1 AS next_value /* rows.test prepared */';
    const name = statementName(sql)!;
    expect(name).toMatch(/^bachat_[0-9a-f]{24}$/);
    expect(statementName(sql)).toBe(name); // the same text, the same name
    await testDb().transaction(async (trx) => {
      expect(await rawRows(trx, sql, [1], { prepared: true })).toEqual([{ nextValue: 2 }]);
      expect(await rawRows(trx, sql, [41], { prepared: true })).toEqual([{ nextValue: 42 }]);
      const prepared = (await trx.raw('SELECT name FROM pg_prepared_statements WHERE name = ?', [name])) as { rows: unknown[] };
      expect(prepared.rows).toHaveLength(isEmbedded(testDb()) ? 0 : 1);
    });
  });

  it('an unprepared statement is never named', async () => {
    const sql = 'SELECT ?::int AS plain_value /* rows.test unnamed */';
    await testDb().transaction(async (trx) => {
      expect(await rawRows(trx, sql, [7])).toEqual([{ plainValue: 7 }]);
      const named = (await trx.raw("SELECT name FROM pg_prepared_statements WHERE statement LIKE '%rows.test unnamed%'")) as { rows: unknown[] };
      expect(named.rows).toHaveLength(0);
    });
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts a process: past that, statements run unnamed`, async () => {
    vi.resetModules();
    const fresh = await import('./rows.ts');
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i++) expect(fresh.statementName(`SELECT ${i}`)).toBeDefined();
    expect(fresh.statementName('SELECT 1 + 1')).toBeUndefined();
    expect(fresh.statementName('SELECT 0')).toBeDefined(); // one already named keeps its name
  });
});
