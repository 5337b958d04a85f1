import path from 'node:path';
import { takeDump } from '../ops/restore-drill.ts';

/** `npm run backup`: `pg_dump -Fc` of DATABASE_URL into BACKUP_DIR (default ./backups). docs/operations.md, "Backups". */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('DATABASE_URL is required (the embedded database is backed up by copying DATA_DIR/pgdata while stopped)\n');
  process.exit(1);
}
const started = Date.now();
const file = await takeDump(databaseUrl, path.resolve(process.env.BACKUP_DIR || 'backups'));
process.stdout.write(`${file} written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
