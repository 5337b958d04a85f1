import fs from 'node:fs';
import path from 'node:path';
import { EnvError, envOrExit } from '../env.ts';
import { createStorage } from '../providers/storage.ts';
import { copyDirectoryToBucket } from '../providers/storage-migrate.ts';

/**
 * `npm run storage:migrate [-- --from=<dir>] [--dry-run]`: copies the local driver's uploads
 * (`DATA_DIR/uploads`, or `--from`) into the bucket the S3_* variables name (STORAGE_DRIVER=s3).
 * Run it before switching the instances to STORAGE_DRIVER=s3, and once more just after (it skips what is
 * already there). docs/operations.md, "Object storage".
 */
const args = process.argv.slice(2);
const from = args.find((a) => a.startsWith('--from='))?.slice('--from='.length);
const dryRun = args.includes('--dry-run');
const unknown = args.filter((a) => !a.startsWith('--from=') && a !== '--dry-run');
if (unknown.length) {
  process.stderr.write(`Unknown argument ${unknown.join(' ')}: use --from=<dir> and --dry-run\n`);
  process.exit(2);
}

const env = envOrExit((e) => {
  if (e.STORAGE_DRIVER !== 's3') {
    throw new EnvError([{ variable: 'STORAGE_DRIVER', message: 'must be s3 (with S3_BUCKET and the rest) to name the bucket to copy into' }]);
  }
});
const dir = path.resolve(from ?? path.join(env.DATA_DIR, 'uploads'));
if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
  process.stderr.write(`No uploads directory at ${dir} (set DATA_DIR or pass --from=<dir>)\n`);
  process.exit(1);
}
const storage = createStorage(env);
if (storage.driver !== 's3') throw new Error('unreachable: STORAGE_DRIVER=s3 was checked above');
const started = Date.now();
process.stdout.write(`${dryRun ? 'Would copy' : 'Copying'} ${dir} into bucket ${storage.bucket}…\n`);
try {
  const report = await copyDirectoryToBucket(dir, storage, { dryRun, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(
    `${dryRun ? 'would copy' : 'copied'} ${report.copied} files (${(report.bytes / 1024 / 1024).toFixed(1)} MiB), ` +
      `${report.skipped} already in the bucket, ${report.refused} not storage keys, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  for (const key of report.refusedKeys.slice(0, 20)) process.stdout.write(`  not copied: ${key}\n`);
} catch (error) {
  process.stderr.write(`storage:migrate failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  storage.close();
}
