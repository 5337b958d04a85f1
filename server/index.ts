import http from 'node:http';
import { EnvError, parseEnv, type Env } from './env.ts';
import { createLogger } from './lib/logger.ts';

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' && process.stdout.isTTY });

const { openDatabase, isEmbedded } = await import('./db/knex.ts');
const { prepareDatabase } = await import('./db/prepare.ts');
const { createStorage } = await import('./providers/storage.ts');
const { createApp } = await import('./app.ts');

const { resolveAppSecret } = await import('./lib/crypto.ts');

const db = openDatabase(env);
const storage = createStorage(env);
try {
  await prepareDatabase(db, { storage, demo: env.SEED_DEMO_DATA, logger, secret: resolveAppSecret(env) });
} catch (error) {
  logger.fatal({ err: error }, 'could not prepare the database');
  await db.destroy().catch(() => undefined);
  process.exit(1);
}

const app = createApp({ env, db, logger, storage });
// Refunds a crash or a provider outage left pending are asked for again (docs/payments.md, "Refunds").
const { retryPendingRefunds } = await import('./modules/payments/refunds.ts');
void retryPendingRefunds({ minAgeMs: 0 }).catch((error: unknown) => logger.error({ err: error }, 'refund retry at start failed'));
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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  server.close();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.once('close', () => resolve()));
  await db.destroy();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
