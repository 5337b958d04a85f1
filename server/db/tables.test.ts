import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDb } from '../test/database.ts';
import { useTestDatabase } from '../test/setup.ts';
import { TABLE_OWNERS } from './tables.ts';

useTestDatabase({ reset: false });

describe('tables.ts', () => {
  it('has a row type and an owner for every table of the migrated schema, and no other', async () => {
    const { rows } = (await testDb().raw(
      `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'knex_migrations%' ORDER BY 1`,
    )) as { rows: { tablename: string }[] };
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(rows.map((r) => r.tablename));
  });

  it('names owners that are modules', () => {
    for (const owner of Object.values(TABLE_OWNERS)) {
      if (owner === null || owner.startsWith('lib/')) continue;
      expect(fs.existsSync(path.join(import.meta.dirname, '..', 'modules', owner)), owner).toBe(true);
    }
  });

  it('outlets: only the outlets service writes the table', () => {
    const root = path.join(import.meta.dirname, '..');
    const writers = new Set<string>();
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || /\.test\.ts$|testing\.ts$|test-fixtures\.ts$|^test\//.test(file)) continue;
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      for (const m of source.matchAll(/\(\s*'outlets'\s*\)/g)) {
        const statement = source.slice(m.index, source.indexOf(';', m.index));
        if (/\.(insert|update|delete|del|increment|decrement)\(/.test(statement)) writers.add(file);
      }
    }
    expect([...writers]).toEqual([path.join('modules', 'outlets', 'service.ts')]);
  });

  it('every table: only its owner writes it (statements that name the table, or raw SQL)', () => {
    const root = path.join(import.meta.dirname, '..');
    const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const outside: Record<string, string[]> = {};
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || /\.test\.ts$|testing\.ts$|test-fixtures\.ts$|^test\//.test(file)) continue;
      // Comments may show a write (tables.ts does); only code counts.
      const source = fs.readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
        const own = owner !== null && (file.startsWith(path.join('modules', owner) + path.sep) || file === `${owner}.ts`);
        if (own) continue;
        const names = [...new Set([table, camel(table)])].join('|');
        let writes = false;
        for (const m of source.matchAll(new RegExp(`\\(\\s*'(?:${names})'\\s*\\)`, 'g'))) {
          const statement = source.slice(m.index, source.indexOf(';', m.index));
          if (/\.(insert|update|upsert|delete|del|increment|decrement)\(/.test(statement)) writes = true;
        }
        if (new RegExp(`(?:INSERT\\s+INTO|(?<!(?:FOR|DO)\\s+)UPDATE|DELETE\\s+FROM)\\s+${table}\\b`, 'i').test(source)) writes = true;
        if (writes) (outside[table] ??= []).push(file);
      }
    }
    expect(outside).toEqual({});
  });
});
