import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import { knexConfig, migrationSource } from '../../knexfile.ts';
import { checkCapturedOrders } from '../modules/payments/integrity.ts';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const bin = (name: string) => (fs.existsSync(path.join(PG_BIN, name)) ? path.join(PG_BIN, name) : name);

/** Connection flags and environment for PostgreSQL's own tools, from a URL. */
function pgArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv; database: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.slice(1));
  return {
    args: ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres'],
    env: { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) },
    database,
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * `npm run backup`: a custom-format dump (`pg_dump -Fc`, compressed, restorable table by table) of the
 * database into `dir`, named by its UTC time so the newest sorts last. docs/operations.md, "Backups".
 */
export async function takeDump(databaseUrl: string, dir: string, now = new Date()): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const { args, env, database } = pgArgs(databaseUrl);
  const file = path.join(dir, `${database}-${now.toISOString().replace(/[:.]/g, '-')}.dump`);
  await run(bin('pg_dump'), [...args, '-Fc', '-f', file, database], { env, maxBuffer: 64 << 20 });
  return file;
}

/** The newest `*.dump` in `dir`, or null. */
export function latestDump(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const dumps = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.dump'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs || a.localeCompare(b));
  return dumps[dumps.length - 1] ?? null;
}

/**
 * A dump restores with `search_path` empty, and earthdistance's `ll_to_earth()` (the outlets' location
 * index) calls `earth()` and `cube()` unqualified: restoring the index then fails with `type "earth" does
 * not exist` (a known PostgreSQL issue with earthdistance before its 1.2 scripts). So the extensions
 * are created first, with that function's search path pinned, and the dump's `CREATE EXTENSION IF NOT
 * EXISTS` leaves them be. An operator restoring by hand does the same (docs/operations.md, "Backups").
 */
export async function prepareExtensions(databaseUrl: string): Promise<void> {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    for (const ext of ['cube', 'earthdistance', 'pg_trgm']) await db.raw(`CREATE EXTENSION IF NOT EXISTS ${ext} SCHEMA public`);
    await db.raw('ALTER FUNCTION public.ll_to_earth(float8, float8) SET search_path = public');
  } finally {
    await db.destroy();
  }
}

export interface DrillCheck {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

export interface DrillReport {
  dump: string;
  scratch: string;
  checks: DrillCheck[];
  ok: boolean;
  totalMs: number;
}

/** Tables whose rows an operator looks at after a restore: the money, the people, the catalogue. */
export const COUNTED_TABLES = ['outlets', 'consumers', 'business_owners', 'orders', 'payments', 'refunds', 'ledger_entries', 'redemptions', 'coupons', 'settlements', 'sessions'] as const;

/**
 * The restore drill: the dump restored into a scratch database on the same server (`pg_restore`), then
 * the checks an operator trusts: every migration of this code is recorded and no unknown one (the
 * schema is current), the row counts of the main tables (each at most the live database's, when it
 * answers: a backup never holds rows the live database lost), the money check of every paid order
 * (payments/integrity.ts) and `npm run reconcile` (settlements/reconcile.ts) on the scratch database. The scratch
 * database is dropped afterwards unless `keep`.
 */
export async function restoreDrill(options: {
  dump: string;
  /** A URL of the server to restore on (its database is the live one counts are compared with). */
  databaseUrl: string;
  keep?: boolean;
  log?: (line: string) => void;
  /** Runs `npm run reconcile` against the scratch database when package.json has that script. */
  reconcile?: (scratchUrl: string) => Promise<{ ok: boolean; output: string } | null>;
}): Promise<DrillReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const checks: DrillCheck[] = [];
  const step = async (name: string, fn: () => Promise<{ ok: boolean; detail: string }>) => {
    const t0 = performance.now();
    let result: { ok: boolean; detail: string };
    try {
      result = await fn();
    } catch (error) {
      result = { ok: false, detail: (error as Error).message.split('\n')[0]! };
    }
    const check = { name, ...result, ms: performance.now() - t0 };
    checks.push(check);
    log(`${check.ok ? 'OK    ' : 'FAILED'} ${name} (${(check.ms / 1000).toFixed(1)} s): ${check.detail}`);
    return check;
  };
  const { args, env } = pgArgs(options.databaseUrl);
  const scratch = `bachat_restore_drill_${Date.now().toString(36)}`;
  const scratchUrl = withDatabase(options.databaseUrl, scratch);
  const admin = knexFactory({ client: 'pg', connection: withDatabase(options.databaseUrl, 'postgres'), pool: { min: 0, max: 1 } });
  let db: Knex | null = null;
  try {
    await admin.raw(`CREATE DATABASE ${scratch}`);
    const restored = await step('restore', async () => {
      const size = fs.statSync(options.dump).size;
      await prepareExtensions(scratchUrl);
      await run(bin('pg_restore'), [...args, '--no-owner', '--exit-on-error', '-d', scratch, options.dump], { env, maxBuffer: 64 << 20 });
      return { ok: true, detail: `${path.basename(options.dump)} (${(size / 1024 / 1024).toFixed(1)} MiB) into ${scratch}` };
    });
    if (restored.ok) {
      db = knexFactory(knexConfig({ databaseUrl: scratchUrl, poolMax: 2 }));
      const restoredDb = db;
      await step('migrations current', async () => {
        const files = await migrationSource.getMigrations([]);
        const names = files.map((f) => migrationSource.getMigrationName(f));
        const recorded = new Set(((await restoredDb('knex_migrations').select('name')) as { name: string }[]).map((r) => r.name));
        const pending = names.filter((n) => !recorded.has(n));
        const unknown = [...recorded].filter((n) => !names.includes(n));
        const ok = pending.length === 0 && unknown.length === 0;
        return {
          ok,
          detail: ok
            ? `${recorded.size} of ${names.length} recorded`
            : `${pending.length} pending (${pending.slice(0, 3).join(', ')}), ${unknown.length} unknown to this code (${unknown.slice(0, 3).join(', ')})`,
        };
      });
      await step('row counts', async () => {
        const live = knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 1 } });
        try {
          const parts: string[] = [];
          const over: string[] = [];
          for (const table of COUNTED_TABLES) {
            const n = Number(((await restoredDb.raw(`SELECT count(*)::bigint AS n FROM ${table}`)) as { rows: { n: number }[] }).rows[0]!.n);
            const now = await live
              .raw(`SELECT count(*)::bigint AS n FROM ${table}`)
              .then((r: { rows: { n: number }[] }) => Number(r.rows[0]!.n))
              .catch(() => null);
            parts.push(`${table} ${n}${now === null ? '' : ` (live ${now})`}`);
            // Money rows are never deleted: a backup with more of them than the live database means rows went missing since.
            if (now !== null && n > now && ['orders', 'payments', 'refunds', 'ledger_entries', 'redemptions', 'settlements'].includes(table)) over.push(table);
          }
          return { ok: over.length === 0, detail: `${parts.join(', ')}${over.length ? `; the live database has fewer ${over.join(', ')} than the backup` : ''}` };
        } finally {
          await live.destroy();
        }
      });
      await step('money: every paid order captured once with its ledger entries', async () => {
        const { checked, problems } = await checkCapturedOrders(restoredDb);
        return { ok: problems.length === 0, detail: `${checked} paid orders, ${problems.length} wrong${problems.length ? `: ${problems.slice(0, 3).map((p) => p.orderId).join(', ')}` : ''}` };
      });
      if (options.reconcile) {
        const t0 = performance.now();
        const result = await options.reconcile(scratchUrl);
        if (result) checks.push({ name: 'npm run reconcile', ok: result.ok, detail: result.output.trim().split('\n').slice(-3).join(' / '), ms: performance.now() - t0 });
        else log('(npm run reconcile does not exist yet: issue 29)');
      }
    }
  } finally {
    await db?.destroy();
    if (!options.keep) await admin.raw(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.destroy();
  }
  const totalMs = performance.now() - started;
  return { dump: options.dump, scratch, checks, ok: checks.length > 0 && checks.every((c) => c.ok), totalMs };
}
