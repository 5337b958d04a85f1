import { randomUUID } from 'node:crypto';
import { describe, expect, it, inject, afterEach } from 'vitest';
import type { Knex } from 'knex';
import { useTestDatabase } from '../test/setup.ts';
import knexFactory from 'knex';
import { testDb } from '../test/database.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestApp } from '../test/app.ts';
import { appRuntime } from '../app.ts';
import { createJobs, defineJob, type JobDefinition, type Jobs } from './jobs.ts';

useTestDatabase();

const logger = createLogger({ level: 'silent' });
const onPostgres = inject('testDatabase').mode === 'pg';
const started: Jobs[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((j) => j.stop({ timeoutMs: 1_000 })));
});

function jobsOver(db: Knex, definitions: JobDefinition[]): Jobs {
  const jobs = createJobs({ db, logger, definitions, runInApp: (fn) => fn() });
  started.push(jobs);
  return jobs;
}

/** Polls until `check` holds (each job is picked up on the worker's next poll). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function queued(db: Knex, name: string): Promise<number> {
  const row = await db.raw(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ? AND state IN ('created', 'retry')`, [name]);
  return Number(row.rows[0].n);
}

describe('jobs (pg-boss over the app database)', () => {
  it('a sent job is worked once started, with its data', async () => {
    const seen: unknown[] = [];
    const hello = defineJob<{ n: number }>({ name: `test.hello-${randomUUID()}`, pollingIntervalSeconds: 0.5, handler: async (data) => void seen.push(data) });
    const jobs = jobsOver(testDb(), [hello]);
    expect(await jobs.send(hello, { n: 1 })).toEqual(expect.any(String));
    await jobs.start({ work: true });
    await jobs.send(hello, { n: 2 });
    await until(() => seen.length === 2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const tx = defineJob({ name: `test.tx-${randomUUID()}`, handler: async () => undefined });
    const jobs = jobsOver(testDb(), [tx]);
    await jobs.start({ work: false });
    await expect(
      testDb().transaction(async (trx) => {
        await jobs.send(tx, { a: 1 }, { trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued(testDb(), tx.name)).toBe(0);
    await testDb().transaction(async (trx) => {
      await jobs.send(tx, { a: 2 }, { trx });
    });
    expect(await queued(testDb(), tx.name)).toBe(1);
  });

  it('a first send inside a transaction makes its queue there (no wait on the runner\'s own connection)', async () => {
    const first = defineJob({ name: `test.first-tx-${randomUUID()}`, handler: async () => undefined });
    const jobs = jobsOver(testDb(), [first]);
    await testDb().transaction(async (trx) => {
      await trx('cities').count({ n: '*' });
      await jobs.send(first, { a: 1 }, { trx });
    });
    expect(await queued(testDb(), first.name)).toBe(1);
  });

  it('a failed attempt is retried, and a singleton key enqueues once', async () => {
    let attempts = 0;
    const flaky = defineJob({
      name: `test.flaky-${randomUUID()}`,
      pollingIntervalSeconds: 0.5,
      retry: { limit: 2, delaySeconds: 0, backoff: false },
      handler: async () => {
        attempts++;
        if (attempts < 2) throw new Error('provider down');
      },
    });
    const jobs = jobsOver(testDb(), [flaky]);
    expect(await jobs.send(flaky, {}, { singletonKey: 'k', singletonSeconds: 60 })).toEqual(expect.any(String));
    expect(await jobs.send(flaky, {}, { singletonKey: 'k', singletonSeconds: 60 })).toBeNull();
    await jobs.start({ work: true });
    await until(async () => {
      const r = await testDb().raw(`SELECT state FROM pgboss.job WHERE name = ?`, [flaky.name]);
      return r.rows[0]?.state === 'completed';
    });
    expect(attempts).toBe(2);
  });

  it('drain runs what is queued, in this process', async () => {
    const seen: number[] = [];
    const d = defineJob<{ n: number }>({ name: `test.drain-${randomUUID()}`, handler: async ({ n }) => void seen.push(n) });
    const jobs = jobsOver(testDb(), [d]);
    for (let n = 0; n < 12; n++) await jobs.send(d, { n });
    expect(await jobs.drain(d)).toBe(12);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(await queued(testDb(), d.name)).toBe(0);
  });

  it('schedules cron jobs in Asia/Kolkata and enqueues an at-start run once however many workers start', async () => {
    const cron = defineJob({ name: `test.cron-${randomUUID()}`, cron: '0 9 * * 1', atStart: { boot: true }, handler: async () => undefined });
    const a = jobsOver(testDb(), [cron]);
    await a.start({ work: true });
    await a.stop();
    const b = jobsOver(testDb(), [cron]);
    await b.start({ work: true });
    const schedule = await testDb().raw(`SELECT cron, timezone FROM pgboss.schedule WHERE name = ?`, [cron.name]);
    expect(schedule.rows).toEqual([{ cron: '0 9 * * 1', timezone: 'Asia/Kolkata' }]);
    const runs = await testDb().raw(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ?`, [cron.name]);
    expect(runs.rows[0].n).toBe(1);
  });

  it("the app's jobs run in the app's runtime, and every module's job has a queue", async () => {
    const { app } = createTestApp();
    const rt = appRuntime(app);
    expect(rt.jobs.definitions.map((d) => d.name)).toContain('payments.retry-refunds');
    await rt.jobs.start({ work: false });
    const queues = await testDb().raw(`SELECT name FROM pgboss.queue`);
    const names = (queues.rows as { name: string }[]).map((r) => r.name);
    for (const d of rt.jobs.definitions) expect(names).toContain(d.name);
  });

  it.skipIf(!onPostgres)('two workers on two connections pools never run one job twice', async () => {
    {
      // A second pool on this file's database: two workers, as two processes would be.
      const second = knexFactory({ ...testDb().client.config });
      try {
        const runs: { n: number; worker: string }[] = [];
        const def = (worker: string) =>
          defineJob<{ n: number }>({
            name: 'test.two-workers',
            pollingIntervalSeconds: 0.5,
            batchSize: 2,
            handler: async ({ n }) => {
              runs.push({ n, worker });
              await new Promise((r) => setTimeout(r, 5));
            },
          });
        const a = jobsOver(testDb(), [def('a')]);
        const b = jobsOver(second, [def('b')]);
        for (let n = 0; n < 60; n++) await a.send(def('a'), { n });
        await Promise.all([a.start({ work: true }), b.start({ work: true })]);
        await until(() => runs.length >= 60, 30_000);
        await Promise.all([a.stop(), b.stop()]);
        expect(runs).toHaveLength(60);
        expect(new Set(runs.map((r) => r.n)).size).toBe(60);
        expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
      } finally {
        await second.destroy();
      }
    }
  }, 60_000);
});
