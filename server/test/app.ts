import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type Koa from 'koa';
import { parseEnv, type Env } from '../env.ts';
import { createApp, type AppOptions } from '../app.ts';
import { createLogger } from '../lib/logger.ts';
import { createLocalStorage } from '../providers/storage.ts';
import { createSession, type SessionKind } from '../modules/sessions/service.ts';
import { testDb } from './database.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: TEST_SECRET, DATA_DIR: 'memory', ...overrides });
}

/** The real app over this file's test database, with storage in a temp dir and silent logs. */
export function createTestApp(options: Partial<AppOptions> & { envOverrides?: Record<string, string> } = {}) {
  const env = options.env ?? testEnv(options.envOverrides);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-app-'));
  const app: Koa = createApp({
    env,
    db: testDb(),
    logger: options.logger ?? createLogger({ level: 'silent' }),
    storage: options.storage ?? createLocalStorage(path.join(dataDir, 'uploads')),
    distDir: options.distDir ?? path.join(dataDir, 'dist'),
    ...options,
  });
  return { app, env, dataDir, request: supertest(app.callback()) };
}

/** A bearer header for a fresh session of the given kind (the principal rows must exist). */
export async function bearer(kind: SessionKind, principalId: number): Promise<{ Authorization: string }> {
  const { token } = await createSession({ kind, principalId });
  return { Authorization: `Bearer ${token}` };
}

/**
 * The connection string of this file's PostgreSQL test database (TEST_DATABASE_URL's server, the file's
 * own database), for a second pool or PostgreSQL's tools; null on the embedded PGlite. Knex keeps the
 * connection parsed, so it is rebuilt from its parts.
 */
export function testDatabaseUrl(): string | null {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const c = testDb().client.config.connection as string | { database?: string };
  if (typeof c === 'string') return c;
  const u = new URL(base);
  u.pathname = `/${c.database}`;
  return u.toString();
}
