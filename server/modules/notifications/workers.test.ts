import { afterEach, describe, expect, inject, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { fakeSms } from '../../test/fake-sms.ts';
import { fakeAppPush, fakeEmail, fakeWebPush } from '../../test/fake-notify.ts';
import { insertConsumer, insertCoupon, insertOutlet, insertReference, setBaseDiscount, setLastLocation } from '../../test/factories.ts';
import { appRuntime } from '../../app.ts';
import { createJobs, type Jobs } from '../../jobs/jobs.ts';
import { createLogger } from '../../lib/logger.ts';
import { runWithRuntime, type Runtime } from '../../lib/runtime.ts';
import { couponSavedJob, dispatchJob, NOTIFICATION_JOBS, weeklyDigestJob } from './jobs.ts';

/**
 * "Sent at most once per (person, kind, subject) across two worker processes": two job runners on two
 * connection pools of one PostgreSQL database (as two `npm run worker` processes would be), fed the same
 * work several times over.
 */
useTestDatabase();

const onPostgres = inject('testDatabase').mode === 'pg';
const logger = createLogger({ level: 'silent' });
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function until(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting for the workers');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('two workers', () => {
  it.skipIf(!onPostgres)('never send one message twice, however often the same work is queued', async () => {
    await testDb().raw(`DELETE FROM pgboss.job WHERE name LIKE 'notifications.%'`);
    const email = fakeEmail();
    const { app } = createTestApp({ email, sms: fakeSms(), webPush: fakeWebPush(), appPush: fakeAppPush() });
    const base = appRuntime(app);
    const refs = await insertReference();
    const outlet = await insertOutlet(refs, { name: 'Chai Point', opensAt: '00:00', closesAt: '23:59' });
    await setBaseDiscount(outlet, 10);
    const coupons: number[] = [];
    for (let i = 0; i < 20; i++) {
      const shopper = await insertConsumer(`Shopper ${i}`);
      await setLastLocation(shopper, { km: 1 });
      coupons.push(await insertCoupon(shopper, outlet, { percent: 5 }));
    }

    // Worker N: its own pool and runner, and a runtime over that pool (what `npm run worker` builds).
    const worker = (db: Knex): { rt: Runtime; jobs: Jobs; ran: { n: number } } => {
      const ran = { n: 0 };
      const rt: Runtime = { ...base, db };
      rt.jobs = createJobs({
        db,
        logger,
        definitions: NOTIFICATION_JOBS,
        runInApp: (fn) => {
          ran.n++;
          return runWithRuntime(rt, fn);
        },
      });
      return { rt, jobs: rt.jobs, ran };
    };
    const second = knexFactory({ ...testDb().client.config });
    cleanup.push(() => second.destroy());
    const a = worker(testDb());
    const b = worker(second);
    cleanup.push(() => a.jobs.stop({ timeoutMs: 2_000 }), () => b.jobs.stop({ timeoutMs: 2_000 }));

    // The same work, three times over, from both sides.
    for (let round = 0; round < 3; round++) {
      for (const couponId of coupons) await (round % 2 ? b : a).jobs.send(couponSavedJob, { couponId });
      await (round % 2 ? a : b).jobs.send(weeklyDigestJob, {});
    }
    await Promise.all([a.jobs.start({ work: true }), b.jobs.start({ work: true })]);
    const idle = async () => {
      const r = await testDb().raw(`SELECT count(*)::int AS n FROM pgboss.job WHERE name LIKE 'notifications.%' AND state IN ('created', 'retry', 'active')`);
      return Number(r.rows[0].n) === 0;
    };
    await until(async () => (await idle()) && email.sent.length >= 40);
    // Queue every message's dispatch again on both workers: nothing more is sent.
    const ids = (await testDb()('notifications').select('id')).map((r) => r.id);
    await a.jobs.send(dispatchJob, { ids });
    await b.jobs.send(dispatchJob, { ids });
    await until(idle);

    const rows = await testDb()('notifications').select('recipient', 'kind', 'subject');
    expect(rows).toHaveLength(40); // 20 new-coupon alerts + 20 digests
    expect(email.sent).toHaveLength(40);
    const perMessage = new Map<string, number>();
    for (const m of email.sent) perMessage.set(`${m.to}|${m.subject}|${m.text}`, (perMessage.get(`${m.to}|${m.subject}|${m.text}`) ?? 0) + 1);
    expect([...perMessage.values()].every((n) => n === 1)).toBe(true);
    const sent = await testDb()('notificationDeliveries').where({ status: 'sent' }).count({ n: '*' }).first();
    expect(Number(sent!.n)).toBe(40);
    // Both workers took part.
    expect(a.ran.n).toBeGreaterThan(0);
    expect(b.ran.n).toBeGreaterThan(0);
  }, 120_000);
});
