import { EnvError, envOrExit } from './env.ts';
import { createLogger } from './lib/logger.ts';

/**
 * `npm run worker`: a process that only works background and scheduled jobs (server/jobs/), for operators
 * who run the web servers with JOB_WORKERS=separate. Any number of workers may run: pg-boss hands each job
 * to one of them. It needs PostgreSQL (DATABASE_URL): the embedded database belongs to the server process.
 */
const env = envOrExit((e) => {
  if (!e.DATABASE_URL) {
    throw new EnvError([{ variable: 'DATABASE_URL', message: 'a separate worker needs PostgreSQL (the embedded database belongs to `npm start`)' }]);
  }
});

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });
const { openDatabase } = await import('./db/knex.ts');
const { createStorage } = await import('./providers/storage.ts');
const { createApp, appRuntime } = await import('./app.ts');

const db = openDatabase(env, logger);
// Migrations are the web server's to run; a worker waits for the schema it knows.
const { jobs } = appRuntime(createApp({ env, db, logger, storage: createStorage(env) }));
try {
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  if (pending.length) throw new Error(`${pending.length} migrations have not run yet: start the server first (npm start / npm run db:migrate)`);
  await jobs.start({ work: true });
} catch (error) {
  logger.fatal({ err: error }, 'the worker could not start');
  await db.destroy().catch(() => undefined);
  process.exit(1);
}
logger.info({ queues: jobs.definitions.map((d) => d.name) }, 'worker started');

let stopping = false;
async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  setTimeout(() => process.exit(1), 10_000);
  await jobs.stop({ timeoutMs: env.SHUTDOWN_GRACE_SECONDS * 1000 }).catch((err: unknown) => logger.warn({ err }, 'stopping the job runner failed'));
  await db.destroy().catch(() => undefined);
  logger.info('worker stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
