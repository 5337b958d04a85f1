import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { embeddedOf, knexConfig } from '../../knexfile.ts';

/**
 * Migrates one database before the suite and hands each test file a copy of it:
 * - TEST_DATABASE_URL set (CI): a template database on that server; each file CREATEs its own from it.
 * - otherwise: an embedded PGlite, dumped to a tarball; each file boots its own instance from it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { mode: 'pg'; adminUrl: string; template: string } | { mode: 'pglite'; snapshot: string };
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `bachat_tpl_${process.pid}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`DROP DATABASE IF EXISTS ${template}`);
    await admin.raw(`CREATE DATABASE ${template}`);
    const db = knexFactory(knexConfig({ databaseUrl: withDatabase(adminUrl, template), poolMax: 2 }));
    await db.migrate.latest();
    await db.destroy();
    project.provide('testDatabase', { mode: 'pg', adminUrl, template });
    return async () => {
      // Drop what the files left behind (a crashed file cannot clean up after itself), then the template.
      const { rows } = await admin.raw(`SELECT datname FROM pg_database WHERE datname LIKE ?`, [`bachat_t_${process.pid}_%`]);
      for (const r of rows as { datname: string }[]) await admin.raw(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await admin.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.destroy();
    };
  }
  const db = knexFactory(knexConfig({ dataDir: 'memory' }));
  await db.migrate.latest();
  const dump = await embeddedOf(db)!.dumpDataDir('none');
  await db.destroy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-test-'));
  const snapshot = path.join(dir, 'migrated.tar');
  fs.writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { mode: 'pglite', snapshot });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
