import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import type { Storage } from '../providers/storage.ts';

/**
 * Seeds: reference data (categories, cities) and an optional demo data set, from `seeds/NN_*.ts`.
 *
 * Every seed is idempotent and safe on a live database: reference rows are upserted by their natural
 * key (only the columns the seed owns), demo rows are inserted only when absent, nothing is deleted.
 * A seed module exports `seed(db, ctx)`, which runs inside the one transaction of the whole run, and
 * may export `assets(ctx)` for storage writes (files), which all run before the transaction opens.
 */
export interface SeedContext {
  storage: Storage;
  /** Demo seeds do nothing when false. */
  demo: boolean;
  log: (msg: string) => void;
  /**
   * The keyed hash of a phone number as the app stores it in `consumers.phone_hash`.
   * Seeds that create shoppers skip them when it is absent.
   */
  hashPhone?: (phone: string) => string;
}

export interface SeedModule {
  seed(db: Knex, ctx: SeedContext): Promise<void>;
  assets?(ctx: SeedContext): Promise<void>;
}

export interface RunSeedsOptions {
  storage: Storage;
  demo: boolean;
  log?: (msg: string) => void;
  hashPhone?: (phone: string) => string;
}

export const SEEDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../seeds');

const SEED_FILE = /^\d{2}_[\w.-]+\.(ts|js|mjs)$/;

/** The seed files, in the order they run (alphabetical). */
export function listSeedFiles(dir = SEEDS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => SEED_FILE.test(f) && !f.endsWith('.d.ts'))
    .sort();
}

/** Serialises concurrent seed runs (two processes starting at once). */
const SEED_LOCK_KEY = 0x42616368; // "Bach"

export async function runSeeds(db: Knex, options: RunSeedsOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const ctx: SeedContext = { storage: options.storage, demo: options.demo, log, hashPhone: options.hashPhone };
  const started = Date.now();

  const modules: { name: string; mod: SeedModule }[] = [];
  for (const file of listSeedFiles()) {
    const mod = (await import(pathToFileURL(path.join(SEEDS_DIR, file)).href)) as Partial<SeedModule>;
    if (typeof mod.seed !== 'function') throw new Error(`Seed ${file} does not export a seed(db, ctx) function`);
    modules.push({ name: file.replace(/\.[^.]+$/, ''), mod: mod as SeedModule });
  }

  // Files first: they are not transactional, and writing the same bytes again is harmless.
  for (const { mod } of modules) {
    if (typeof mod.assets === 'function') await mod.assets(ctx);
  }

  await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [SEED_LOCK_KEY]);
    for (const { name, mod } of modules) {
      const t0 = Date.now();
      await mod.seed(trx, ctx);
      log(`seed ${name}: ${Date.now() - t0} ms`);
    }
  });
  log(`seeds done in ${Date.now() - started} ms${options.demo ? ' (with demo data)' : ''}`);
}
