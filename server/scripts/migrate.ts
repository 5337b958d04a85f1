import { parseEnv } from '../env.ts';
import { openDatabase, withoutDeadline } from '../db/knex.ts';

/** `npm run db:migrate` (latest), `npm run db:migrate -- rollback` (last batch), `… -- down-all`. */
const env = parseEnv(process.env);
const opened = openDatabase(env);
const command = process.argv[2] ?? 'latest';
try {
  // Migrations run without the statement deadline (an index build on a large table may take minutes).
  await withoutDeadline(opened, async (db) => {
    if (command === 'latest') {
      const [, files] = await db.migrate.latest();
      process.stdout.write(files.length ? `Ran ${files.length} migrations\n` : 'Already up to date\n');
    } else if (command === 'rollback') {
      const [, files] = await db.migrate.rollback();
      process.stdout.write(`Rolled back ${files.length} migrations\n`);
    } else if (command === 'down-all') {
      const [, files] = await db.migrate.rollback(undefined, true);
      process.stdout.write(`Rolled back ${files.length} migrations\n`);
    } else {
      process.stderr.write(`Unknown command ${command}: use latest, rollback or down-all\n`);
      process.exitCode = 2;
    }
  });
} finally {
  await opened.destroy();
}
