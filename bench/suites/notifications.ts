import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../run.ts';
import { formatRatio } from '../measure.ts';
import { runtime } from '../../server/lib/runtime.ts';
import { weeklyDigest } from '../../server/modules/notifications/producers.ts';
import { renderEmail } from '../../server/modules/notifications/templates.ts';
import { unsubscribeToken } from '../../server/modules/notifications/service.ts';

/**
 * The Monday digest (docs/notifications.md) for N shoppers (100,000; `--shoppers=N`): the fan-out that
 * picks each shopper's offers (one nearby lookup per ~5 km cell or city), writes their messages and inbox
 * items and queues the dispatch jobs ("enqueue"), then rendering every digest email ("render"), against
 * the same number of bare inserts of the same rows in the same batches (the floor any fan-out pays).
 */
export async function notificationsSuite({ db, print }: BenchContext): Promise<void> {
  const flag = process.argv.find((a) => a.startsWith('--shoppers='));
  const total = flag ? Number(flag.slice('--shoppers='.length)) : 100_000;
  const cities = await db('cities').where({ isActive: true }).orderBy('id').select('id', 'latitude', 'longitude');
  if (!cities.length) {
    print('no city in the demo data; skipped');
    return;
  }

  // N shoppers with an email, spread over the demo cities: 90 % within ~5 km of the centre, 10 % a city only.
  const t0 = performance.now();
  const first = Number((await db('consumers').max({ id: 'id' }).first())?.id ?? 0);
  await db.raw(
    `INSERT INTO consumers (phone_number, phone_hash, name, email, referral_code)
     SELECT '6' || lpad(g::text, 9, '0'), md5('bench-digest-' || g), 'Bench Shopper ' || g, 'shopper' || g || '@example.in', 'MEB' || lpad(g::text, 7, '0')
       FROM generate_series(1, ?::int) AS g`,
    [total],
  );
  await db.raw(
    `INSERT INTO consumer_locations (consumer_id, latitude, longitude, city_id)
     SELECT k.id,
            CASE WHEN k.id % 10 = 0 THEN NULL ELSE c.latitude + ((k.id * 7919) % 1000 - 500) / 10000.0 END,
            CASE WHEN k.id % 10 = 0 THEN NULL ELSE c.longitude + ((k.id * 104729) % 1000 - 500) / 10000.0 END,
            c.id
       FROM consumers k
       JOIN LATERAL (SELECT * FROM cities ORDER BY id OFFSET (k.id % ?) LIMIT 1) c ON true
      WHERE k.id > ?`,
    [cities.length, first],
  );
  await db.raw('ANALYZE consumers');
  await db.raw('ANALYZE consumer_locations');
  print(`loaded ${total.toLocaleString('en-IN')} shoppers with locations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Reference: the same number of rows, bare, into a copy of the notifications table, 1,000 a statement.
  await db.raw('CREATE TABLE bench_bare_notifications (LIKE notifications INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING CONSTRAINTS INCLUDING INDEXES)');
  const bareStart = performance.now();
  for (let start = 0; start < total; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + 1000); i++) {
      rows.push({
        recipient: `consumer:${first + i + 1}`,
        consumerId: first + i + 1,
        kind: 'weekly_digest',
        subject: 'week:bench',
        title: "This week's best deals near you",
        body: 'Up to 25% off at 5 outlets near you.',
        url: '/',
        data: JSON.stringify({ offers: [] }),
      });
    }
    await db('benchBareNotifications').insert(rows);
  }
  const bareMs = performance.now() - bareStart;
  await db.raw('DROP TABLE bench_bare_notifications');

  // The digest as the Monday 09:00 job runs it (clock set to a Monday morning, when base offers are live).
  const rt = runtime();
  const realNow = rt.now;
  rt.now = () => new Date('2026-11-23T03:30:00Z');
  try {
    const enqueueStart = performance.now();
    const created = await weeklyDigest();
    const enqueueMs = performance.now() - enqueueStart;

    // Render every digest email (what dispatch does before handing each one to SMTP).
    const renderStart = performance.now();
    let rendered = 0;
    let bytes = 0;
    let cpuMs = 0;
    let after = 0;
    for (;;) {
      const batch = await db('notifications').where('kind', 'weekly_digest').where('id', '>', after).orderBy('id').limit(2000).select('*');
      if (!batch.length) break;
      after = batch[batch.length - 1]!.id;
      const cpuStart = performance.now();
      for (const n of batch) {
        const token = unsubscribeToken(n.consumerId!, 'emailWeeklyDealsDigest');
        const mail = renderEmail(n, {
          publicUrl: 'https://bachat.in',
          unsubscribe: { pageUrl: `https://bachat.in/unsubscribe?t=${token}`, oneClickUrl: `https://bachat.in/api/notifications/unsubscribe?t=${token}`, label: 'Weekly deals digest' },
        });
        bytes += mail.html.length + mail.text.length;
        rendered++;
      }
      cpuMs += performance.now() - cpuStart;
    }
    const renderMs = performance.now() - renderStart;
    const jobs = await db.raw(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notifications.dispatch'`);

    const per = (ms: number) => `${((ms * 1000) / total).toFixed(1)} µs/shopper`;
    print(`digest for ${total.toLocaleString('en-IN')} shoppers: ${created.toLocaleString('en-IN')} messages (inbox items too), ${Number(jobs.rows[0].n)} dispatch jobs`);
    print(`${'bare inserts (reference, 1,000 a statement)'.padEnd(56)} ${(bareMs / 1000).toFixed(2).padStart(7)} s  ${per(bareMs)}`);
    print(`${'enqueue: audience + offers + messages + inbox + jobs'.padEnd(56)} ${(enqueueMs / 1000).toFixed(2).padStart(7)} s  ${per(enqueueMs)}`);
    print(`${`render: ${rendered.toLocaleString('en-IN')} emails (${(bytes / rendered / 1024).toFixed(1)} KB each), read + render`.padEnd(56)} ${(renderMs / 1000).toFixed(2).padStart(7)} s  ${per(renderMs)}`);
    print(`${'  of which rendering alone (templates + unsubscribe token)'.padEnd(56)} ${(cpuMs / 1000).toFixed(2).padStart(7)} s  ${per(cpuMs)}`);
    print(`${'enqueue + render'.padEnd(56)} ${((enqueueMs + renderMs) / 1000).toFixed(2).padStart(7)} s`);
    print(formatRatio('enqueue ÷ bare inserts', enqueueMs, bareMs));
    print(formatRatio('render ÷ bare inserts', renderMs, bareMs));
    print(formatRatio('digest (enqueue + render) ÷ bare inserts', enqueueMs + renderMs, bareMs));
  } finally {
    rt.now = realNow;
  }
}
