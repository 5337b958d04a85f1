import fs from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type S3Storage } from './storage.ts';

export interface MigrateReport {
  /** Files written to the bucket (or that would be, with `dryRun`). */
  copied: number;
  /** Files the bucket already held with the same size. */
  skipped: number;
  /** Files whose names are not storage keys (left where they are, named in `refusedKeys`). */
  refused: number;
  refusedKeys: string[];
  bytes: number;
}

/** Every file under `dir`, as keys relative to it (`outlets/12/photo-1280.webp`). */
async function* filesUnder(dir: string, prefix = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(dir, rel);
    else if (entry.isFile()) yield rel;
  }
}

/**
 * `npm run storage:migrate`: copies a local uploads directory (the `local` driver's `DATA_DIR/uploads`)
 * into the bucket, key for key, private prefixes included (they stay private: `/uploads` refuses them
 * from the bucket as it did from the disk). A file the bucket already holds with the same size is
 * skipped, so a run that was cut short can simply run again; the local files are never changed.
 * Half-written files of the local driver (`*.tmp`) and names that are not storage keys are not copied.
 */
export async function copyDirectoryToBucket(
  dir: string,
  bucket: Pick<S3Storage, 'head' | 'put'>,
  options: { dryRun?: boolean; concurrency?: number; log?: (line: string) => void } = {},
): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, skipped: 0, refused: 0, refusedKeys: [], bytes: 0 };
  const log = options.log ?? (() => undefined);
  const queue = filesUnder(dir);
  const worker = async () => {
    for (;;) {
      const next = await queue.next();
      if (next.done) return;
      const key = next.value;
      if (key.endsWith('.tmp') || !isSafeKey(key)) {
        report.refused++;
        report.refusedKeys.push(key);
        continue;
      }
      const file = path.join(dir, key);
      const { size } = await fs.stat(file);
      const there = await bucket.head(key);
      if (there && there.size === size) {
        report.skipped++;
        continue;
      }
      if (!options.dryRun) await bucket.put(key, await fs.readFile(file));
      report.copied++;
      report.bytes += size;
      if (report.copied % 500 === 0) log(`  ${report.copied} files copied…`);
    }
  };
  // One generator shared by the workers: each takes the next file when it is free.
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return report;
}
