import type { Knex } from 'knex';
import type { Logger } from '../lib/logger.ts';
import type { Storage } from '../providers/storage.ts';
import { hashPhone } from '../lib/crypto.ts';
import { withoutDeadline } from './knex.ts';

/**
 * Brings a database up to date at start: runs pending migrations, then seeds it when it is empty
 * (no categories yet), so `npm start` on a fresh clone serves a working demo with no other step.
 * Statements here have no deadline (an index build on a large table may take minutes).
 */
export function prepareDatabase(
  db: Knex,
  options: { storage: Storage; demo: boolean; logger: Logger; secret: string },
): Promise<{ migrated: string[]; seeded: boolean }> {
  return withoutDeadline(db, (unbounded) => prepare(unbounded, options));
}

async function prepare(
  db: Knex,
  options: { storage: Storage; demo: boolean; logger: Logger; secret: string },
): Promise<{ migrated: string[]; seeded: boolean }> {
  const [, migrated] = (await db.migrate.latest()) as [number, string[]];
  if (migrated.length) options.logger.info({ migrations: migrated.length }, 'database migrated');
  // Business-application documents stored before they became private move under `private/`.
  const { moveApplicationDocumentsToPrivate } = await import('../modules/business-applications/service.ts');
  const documents = await moveApplicationDocumentsToPrivate(db, options.storage);
  if (documents.moved || documents.outlets) options.logger.info(documents, 'business-application documents moved to private storage');
  const row = await db('categories').count<{ count: number }[]>({ count: '*' }).first();
  if (Number(row?.count ?? 0) > 0) return { migrated, seeded: false };
  const { runSeeds } = await import('./seed.ts');
  const started = Date.now();
  await runSeeds(db, {
    storage: options.storage,
    demo: options.demo,
    log: (msg) => options.logger.info(msg),
    hashPhone: (phone) => hashPhone(options.secret, phone),
  });
  options.logger.info({ ms: Date.now() - started, demo: options.demo }, 'empty database seeded');
  return { migrated, seeded: true };
}
