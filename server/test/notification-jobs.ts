import { expect } from 'vitest';
import { runtime } from '../lib/runtime.ts';
import { NOTIFICATION_JOBS } from '../modules/notifications/jobs.ts';
import { testDb } from './database.ts';

/** Runs every queued notifications job (each handler's own jobs too) until none is left; a failed job fails the test. */
export async function drainNotificationJobs(): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    let n = 0;
    for (const d of NOTIFICATION_JOBS) n += await runtime().jobs.drain(d);
    if (n === 0) break;
  }
  const failed = await testDb().raw(`SELECT name, output FROM pgboss.job WHERE name LIKE 'notifications.%' AND state = 'failed'`);
  expect(failed.rows).toEqual([]);
}
