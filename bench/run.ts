import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { parseEnv } from '../server/env.ts';
import { openDatabase } from '../server/db/knex.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { createApp } from '../server/app.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createLocalStorage } from '../server/providers/storage.ts';
import { referenceDataSuite } from './suites/reference-data.ts';
import { discoverySuite } from './suites/discovery.ts';
import { bundleSuite } from './suites/bundle.ts';
import { paymentsSuite } from './suites/payments.ts';
import { dashboardsSuite } from './suites/dashboards.ts';
import { createHttpClient, type BenchHttpClient } from './http-client.ts';

/**
 * `npm run bench`: starts the app on a throwaway database (embedded by default, or BENCH_DATABASE_URL),
 * then runs each suite. Suites print p50/p95 and ratios against a reference measured in the same run,
 * never absolute thresholds. `npm run bench -- <suite>` runs one suite; `npm run bench -- discovery
 * --outlets=1000000` adds the 1,000,000-outlet comparison.
 */
export interface BenchContext {
  db: Knex;
  baseUrl: string;
  /** A lean HTTP client for calling the app (see http-client.ts). */
  http: BenchHttpClient;
  print: (line: string) => void;
}

const SUITES: Record<string, (ctx: BenchContext) => Promise<void>> = {
  'reference-data': referenceDataSuite,
  discovery: discoverySuite,
  payments: paymentsSuite,
  dashboards: dashboardsSuite,
  // Builds the client and the toolchain floor into a temp dir (no database needed).
  bundle: async ({ print }) => {
    await bundleSuite({ print });
  },
};

// Flags such as --outlets=1000000 are read by the suites; the first other argument names a suite.
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (only && !SUITES[only]) {
  process.stderr.write(`Unknown suite ${only}. Suites: ${Object.keys(SUITES).join(', ')}\n`);
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bench-'));
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
});
const logger = createLogger({ level: 'silent' });
const db = openDatabase(env);
const storage = createLocalStorage(path.join(dataDir, 'uploads'));
const print = (line: string) => process.stdout.write(`${line}\n`);

try {
  await prepareDatabase(db, { storage, demo: true, logger, secret: env.APP_SECRET! });
  const app = createApp({ env, db, logger, storage, distDir: path.join(dataDir, 'dist') });
  const server = http.createServer(app.callback());
  // Longer than any pause between measurements, so a kept-alive connection is never reset mid-suite.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createHttpClient();
  print(`Bachat benchmarks: ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}, ${os.cpus().length} cores`);
  for (const [name, suite] of Object.entries(SUITES)) {
    if (only && name !== only) continue;
    print(`\n## ${name}`);
    await suite({ db, baseUrl, http: client, print });
  }
  client.close();
  await new Promise<void>((r) => server.close(() => r()));
} finally {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
