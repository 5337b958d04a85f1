import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { latestDump, restoreDrill } from '../ops/restore-drill.ts';

/**
 * `npm run restore-drill [-- --dump=<file>] [--keep]`: restores the newest dump in BACKUP_DIR (default
 * ./backups; `npm run backup` makes them) into a scratch database on DATABASE_URL's server and runs the
 * checks (server/ops/restore-drill.ts), printing how long each took. Exit code 0 only when all pass.
 */
const args = process.argv.slice(2);
const dumpArg = args.find((a) => a.startsWith('--dump='))?.slice('--dump='.length);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('DATABASE_URL is required: the drill restores onto that PostgreSQL server (never into its database)\n');
  process.exit(1);
}
const dir = path.resolve(process.env.BACKUP_DIR || 'backups');
const dump = dumpArg ? path.resolve(dumpArg) : latestDump(dir);
if (!dump || !fs.existsSync(dump)) {
  process.stderr.write(`No dump to restore${dumpArg ? ` at ${dumpArg}` : ` in ${dir} (npm run backup makes one)`}\n`);
  process.exit(1);
}
const hasReconcile = Boolean((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts?: Record<string, string> }).scripts?.reconcile);
const report = await restoreDrill({
  dump,
  databaseUrl,
  keep: args.includes('--keep'),
  log: (line) => process.stdout.write(`${line}\n`),
  reconcile: async (scratchUrl) => {
    if (!hasReconcile) return null;
    try {
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'reconcile'], { env: { ...process.env, DATABASE_URL: scratchUrl }, maxBuffer: 16 << 20 });
      return { ok: true, output: stdout };
    } catch (error) {
      return { ok: false, output: String((error as { stdout?: string }).stdout ?? (error as Error).message) };
    }
  },
});
process.stdout.write(`\nrestore drill ${report.ok ? 'PASSED' : 'FAILED'} in ${(report.totalMs / 1000).toFixed(1)} s (${report.dump})\n`);
process.exit(report.ok ? 0 : 1);
