import { runtime } from '../../lib/runtime.ts';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable' | 'busy';
  migrations: 'current' | 'pending' | 'unknown';
  pending?: string[];
}

/** A readiness check answers within this, whatever the database is doing (a balancer's check waits less). */
export const READINESS_DEADLINE_MS = 2_000;

/**
 * Ready = the database answers within READINESS_DEADLINE_MS and every migration in `migrations/` has
 * run. A database busy past the deadline (every connection taken, a long statement on the embedded
 * one) is "busy": not ready, so a balancer sends requests elsewhere meanwhile.
 */
export async function checkReadiness(): Promise<Readiness> {
  const { db } = runtime();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READINESS_DEADLINE_MS)));
  const probe = db.raw('select 1').then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  const answer = await Promise.race([probe, late]);
  clearTimeout(timer);
  if (answer === 'late') return { ready: false, database: 'busy', migrations: 'unknown' };
  if (answer === 'unreachable') return { ready: false, database: 'unreachable', migrations: 'unknown' };
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
