import { parseEnv } from '../env.ts';
import { openDatabase, withoutDeadline } from '../db/knex.ts';
import { runSeeds } from '../db/seed.ts';
import { createStorage } from '../providers/storage.ts';
import { hashPhone, resolveAppSecret } from '../lib/crypto.ts';

/** `npm run db:seed`: migrates, then runs every seed (idempotent: running it twice changes nothing). */
const env = parseEnv(process.env);
const opened = openDatabase(env);
try {
  await withoutDeadline(opened, async (db) => {
    await db.migrate.latest();
    const started = Date.now();
    const secret = resolveAppSecret(env);
    await runSeeds(db, {
      storage: createStorage(env),
      demo: env.SEED_DEMO_DATA,
      log: (m) => process.stdout.write(`${m}\n`),
      hashPhone: (phone) => hashPhone(secret, phone),
    });
    process.stdout.write(`Seeded in ${Date.now() - started} ms\n`);
  });
} finally {
  await opened.destroy();
}
