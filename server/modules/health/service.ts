import { runtime } from '../../lib/runtime.ts';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'current' | 'pending' | 'unknown';
  pending?: string[];
}

/** Ready = the database answers and every migration in `migrations/` has run. */
export async function checkReadiness(): Promise<Readiness> {
  const { db } = runtime();
  try {
    await db.raw('select 1');
  } catch {
    return { ready: false, database: 'unreachable', migrations: 'unknown' };
  }
  try {
    const [, pending] = (await db.migrate.list()) as [unknown[], { file: string }[]];
    if (pending.length) {
      return { ready: false, database: 'ok', migrations: 'pending', pending: pending.map((p) => p.file) };
    }
    return { ready: true, database: 'ok', migrations: 'current' };
  } catch {
    return { ready: false, database: 'ok', migrations: 'unknown' };
  }
}
