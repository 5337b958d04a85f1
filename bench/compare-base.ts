/**
 * Before → after for the statements issue 18 changed, on the same data and in the same minutes:
 * the city browse without location (page 1, and with a category), each as the base checkout's
 * service builds it and as this tree's does (search was rebuilt by issue 16 since: its own bench is
 * the discovery suite), at 100,000 and at 1,000,000 outlets, interleaved, over the plain driver.
 *
 *   BENCH_DATABASE_URL=postgres://…/db npx tsx bench/compare-base.ts /path/to/base/checkout
 *
 * Needs the two data sets' databases (`npm run bench -- scale --outlets=1000000` builds them: bench/lib/targets.ts).
 * The base checkout must have its node_modules (a symlink to this tree's is enough).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import knexFactory from 'knex';
import { istMoment } from '../server/modules/offers/rules.ts';
import * as current from '../server/modules/outlets/service.ts';
import { formatStats, measureInterleaved, type Stats } from './measure.ts';
import { BROWSE_CITY, cycle, queryPoints } from './lib/discovery-calls.ts';
import { plainSql } from './lib/plain-sql.ts';
import { datasetUrls } from './lib/targets.ts';

type Builders = Pick<typeof current, 'nearbyByCitySql'>;

const [baseDir] = process.argv.slice(2);
const url = process.env.BENCH_DATABASE_URL;
if (!baseDir || !url) {
  process.stderr.write('usage: BENCH_DATABASE_URL=postgres://… npx tsx bench/compare-base.ts <base checkout>\n');
  process.exit(2);
}
const base = (await import(pathToFileURL(path.resolve(baseDir, 'server/modules/outlets/service.ts')).href)) as Builders;
const date = istMoment(new Date()).date;
const points = queryPoints();

const sets = await Promise.all(
  Object.entries(datasetUrls(url)).map(async ([schema, connectionString]) => {
    const db = knexFactory({ client: 'pg', connection: connectionString, pool: { min: 0, max: 2 } });
    const city = Number(((await db('cities').where({ slug: BROWSE_CITY }).first('id')) as { id: number }).id);
    const restaurants = Number(((await db('categories').where({ slug: 'restaurants' }).first('id')) as { id: number }).id);
    const n = Number(((await db('outlets').count({ n: '*' }).first()) as { n: number }).n);
    return { schema, db, sql: plainSql(db, { connectionString, max: 2 }), city, restaurants, n };
  }),
);

const statements: { name: string; build: (b: Builders, s: (typeof sets)[number], p: { latitude: number; longitude: number }) => current.NearbySql }[] = [
  { name: `city browse without location (${BROWSE_CITY}), page 1`, build: (b, s) => b.nearbyByCitySql({ cityId: s.city, categoryId: null, offset: 0, limit: 16, date }) },
  { name: `city browse (${BROWSE_CITY}), restaurants, page 1`, build: (b, s) => b.nearbyByCitySql({ cityId: s.city, categoryId: s.restaurants, offset: 0, limit: 16, date }) },
];

for (const st of statements) {
  const fns = sets.flatMap((s) =>
    (
      [
        ['before', base],
        ['after', current],
      ] as const
    ).map(([when, builders]) => {
      const next = cycle(points);
      return {
        name: `${when} ${s.n.toLocaleString('en-US')}: ${st.name}`,
        fn: () => {
          const q = st.build(builders, s, next());
          return s.sql.query(q.sql, q.bindings);
        },
      };
    }),
  );
  const stats = (await measureInterleaved(fns, { iterations: 100, warmup: 10 })) as Stats[];
  process.stdout.write('\n');
  for (const x of stats) process.stdout.write(`${formatStats(x)}\n`);
  const [b100, a100, b1m, a1m] = stats as [Stats, Stats, Stats, Stats];
  process.stdout.write(
    `${st.name}: 1M ÷ 100k p50 before ${(b1m.p50 / b100.p50).toFixed(2)}× → after ${(a1m.p50 / a100.p50).toFixed(2)}×; ` +
      `p50 at 1M ${b1m.p50.toFixed(1)} → ${a1m.p50.toFixed(1)} ms; p95 at 1M ${b1m.p95.toFixed(1)} → ${a1m.p95.toFixed(1)} ms\n`,
  );
}
for (const s of sets) {
  await s.sql.close();
  await s.db.destroy();
}
