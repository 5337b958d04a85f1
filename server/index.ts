import http from 'node:http';
import { envOrExit } from './env.ts';
import { createLogger } from './lib/logger.ts';

const env = envOrExit();

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });

const { openDatabase, isEmbedded } = await import('./db/knex.ts');
const { prepareDatabase } = await import('./db/prepare.ts');
const { createStorage } = await import('./providers/storage.ts');

const { resolveAppSecret } = await import('./lib/crypto.ts');

const db = openDatabase(env, logger);
const storage = createStorage(env);
try {
  await prepareDatabase(db, { storage, demo: env.SEED_DEMO_DATA, logger, secret: resolveAppSecret(env) });
} catch (error) {
  logger.fatal({ err: error }, 'could not prepare the database');
  await db.destroy().catch(() => undefined);
  process.exit(1);
}

const { createApp, appRuntime } = await import('./app.ts');
const app = createApp({ env, db, logger, storage });
// Background and scheduled work (server/jobs/): worked here unless JOB_WORKERS=separate (`npm run worker`).
const { jobs, realtime } = appRuntime(app);
try {
  await jobs.start({ work: env.JOB_WORKERS === 'in-process' });
} catch (error) {
  logger.fatal({ err: error }, 'could not start the job runner');
  await db.destroy().catch(() => undefined);
  process.exit(1);
}
const server = http.createServer(app.callback());
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 30_000;

server.on('error', async (error) => {
  logger.fatal({ err: error }, 'server error');
  await db.destroy().catch(() => undefined);
  process.exit(1);
});

server.listen(env.PORT, env.HOST, () => {
  logger.info(
    { port: env.PORT, database: isEmbedded(db) ? `embedded (${env.DATA_DIR})` : 'postgresql' },
    `Bachat is listening on http://localhost:${env.PORT}`,
  );
});

/**
 * Shutdown (SIGTERM from the orchestrator, Ctrl-C): stop accepting connections, close the idle
 * keep-alive ones at once and each one as soon as its request is answered, give requests still in
 * flight SHUTDOWN_GRACE_SECONDS, then cut every connection left, close the database (bounded) and exit
 * 0. Whatever hangs, the process ends within FORCE_EXIT_MS (code 1): that timer is deliberately not
 * unref'd, so it fires even when nothing else keeps the event loop going. A second signal exits at once.
 * docs/operations.md.
 */
const FORCE_EXIT_MS = 10_000;
const DB_CLOSE_MS = 1_000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    logger.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  closing = true;
  logger.info({ signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, 'shutting down');
  setTimeout(() => {
    logger.error(`forced exit after ${FORCE_EXIT_MS / 1000} s`);
    process.exit(1);
  }, FORCE_EXIT_MS);
  // Workers stop taking jobs at once; running ones get the same grace as requests (one cut short runs again).
  const jobsStopped = jobs
    .stop({ timeoutMs: env.SHUTDOWN_GRACE_SECONDS * 1000 })
    .catch((err: unknown) => logger.warn({ err }, 'stopping the job runner failed'));
  // Open event streams (the counter's live payments) end now: their pages reconnect to another process.
  const realtimeClosed = realtime.close().catch((err: unknown) => logger.warn({ err }, 'closing the realtime bus failed'));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection whose request has just been answered is idle: close it then.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const grace = setTimeout(() => {
    logger.warn('closing the connections still open after the grace period');
    server.closeAllConnections();
  }, env.SHUTDOWN_GRACE_SECONDS * 1000);
  await closed;
  clearInterval(sweep);
  clearTimeout(grace);
  await jobsStopped;
  await realtimeClosed;
  const dbClosed = await Promise.race([
    db.destroy().then(
      () => true,
      (err: unknown) => {
        logger.warn({ err }, 'closing the database failed');
        return true;
      },
    ),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), DB_CLOSE_MS)),
  ]);
  if (!dbClosed) logger.warn(`the database did not close within ${DB_CLOSE_MS / 1000} s; exiting anyway`);
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
