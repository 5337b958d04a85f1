import os from 'node:os';
import type { Knex } from 'knex';
import { referenceDataSuite } from './suites/reference-data.ts';
import { discoverySuite } from './suites/discovery.ts';
import { scaleSuite } from './suites/scale.ts';
import { throughputSuite } from './suites/throughput.ts';
import { bundleSuite } from './suites/bundle.ts';
import { paymentsSuite } from './suites/payments.ts';
import { dashboardsSuite } from './suites/dashboards.ts';
import { lighthouseSuite } from './suites/lighthouse.ts';
import { counterSuite } from './suites/counter.ts';
import { notificationsSuite } from './suites/notifications.ts';
import { clusterSuite } from './suites/cluster.ts';
import { createHttpClient, type BenchHttpClient } from './http-client.ts';
import type { Goal } from './goals.ts';
import { formatJudgedLine, type JudgedKind } from './measure.ts';
import { datasetUrls, embeddedTarget, labelOf, postgresTarget, type Target } from './lib/targets.ts';

/**
 * `npm run bench`: every suite, each line a measurement judged against issue 18's goals (bench/goals.ts)
 * with references measured in the same run. `npm run bench -- <suite>` runs one suite.
 *
 * - Embedded PGlite by default: 100,000 generated outlets, the app in this process.
 * - `BENCH_DATABASE_URL=postgres://…/db`: PostgreSQL, the data sets kept in databases (`db_100k`, and
 *   `db` itself for 1,000,000: lib/targets.ts),
 *   the app as its own process (as `npm start` runs it), pgbench as the database floor; add
 *   `--outlets=1000000` (or BENCH_OUTLETS=1000000) for the 1,000,000-outlet data set and the
 *   100,000 ↔ 1,000,000 comparison of every discovery query (suite `scale`).
 * - `bundle` and `lighthouse` need no database (lighthouse starts the app with `npm start` itself).
 */
export interface BenchContext {
  mode: 'embedded' | 'postgresql';
  /** The 100,000-outlet data set. */
  small: Target;
  /** The 1,000,000-outlet data set (PostgreSQL with --outlets=1000000), else null. */
  large: Target | null;
  /** The small data set's Knex and app, for suites that use one. */
  db: Knex;
  baseUrl: string;
  /** A lean HTTP client for calling the app (see http-client.ts). */
  http: BenchHttpClient;
  print: (line: string) => void;
  /** Prints a value against its goal and keeps the verdict for the summary at the end. */
  judge: (label: string, value: number, kind: JudgedKind, goal?: Goal) => void;
}

type Suite = (ctx: BenchContext) => Promise<void>;

const SUITES: Record<string, Suite> = {
  'reference-data': referenceDataSuite,
  discovery: discoverySuite,
  scale: scaleSuite,
  throughput: throughputSuite,
  payments: paymentsSuite,
  dashboards: dashboardsSuite,
  counter: counterSuite,
  notifications: notificationsSuite,
};

/**
 * Suites that need neither the database nor the app started here. One that judges lines itself
 * (lighthouse: a table of pages) answers its verdicts, which count in the summary like `judge`'s.
 */
type Verdict = { label: string; ok: boolean; text: string };
type Verdicts = { verdicts?: Verdict[] } | void | object;
const verdictsOf = (result: Verdicts): Verdict[] => (result && 'verdicts' in result && Array.isArray(result.verdicts) ? (result.verdicts as Verdict[]) : []);
const STANDALONE: Record<string, (ctx: { print: (line: string) => void; judge: BenchContext['judge'] }) => Promise<Verdicts>> = {
  // Builds the client and the toolchain floor into a temp dir.
  bundle: bundleSuite,
  // Starts the app with `npm start` itself (or uses --lighthouse-url) and drives Debian's Chromium.
  lighthouse: lighthouseSuite,
  // Starts the local cluster (HAProxy, 3 instances, PgBouncer, a replica, S3) and drives the lunch-hour peak.
  cluster: clusterSuite,
};

const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (only && !SUITES[only] && !STANDALONE[only]) {
  process.stderr.write(`Unknown suite ${only}. Suites: ${[...Object.keys(SUITES), ...Object.keys(STANDALONE)].join(', ')}\n`);
  process.exit(2);
}

const SMALL = 100_000;
const argOutlets = process.argv.find((a) => a.startsWith('--outlets='))?.split('=')[1];
const LARGE = Number(argOutlets ?? process.env.BENCH_OUTLETS ?? SMALL);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';

const print = (line: string) => process.stdout.write(`${line}\n`);
const verdicts: { label: string; ok: boolean; text: string }[] = [];
const judge: BenchContext['judge'] = (label, value, kind, goal) => {
  const line = formatJudgedLine(label, value, kind, goal);
  print(line.text);
  if (line.ok !== null) verdicts.push({ label, ok: line.ok, text: line.text });
};

function summary() {
  if (!verdicts.length) return;
  const missed = verdicts.filter((v) => !v.ok);
  print(`\n## verdicts: ${verdicts.length - missed.length} of ${verdicts.length} goals met`);
  for (const v of missed) print(`MISSED  ${v.text.trim()}`);
}

print(
  `Bachat benchmarks: ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

if (only && STANDALONE[only]) {
  print(`\n## ${only}`);
  verdicts.push(...verdictsOf(await STANDALONE[only]({ print, judge })));
  summary();
  process.exit(0);
}

const targets: Target[] = [];
const client = createHttpClient({ maxSockets: 64 });
try {
  const small = databaseUrl
    ? await postgresTarget(datasetUrls(databaseUrl).small, SMALL, print, { inProcess: true })
    : await embeddedTarget(SMALL, print);
  targets.push(small);
  let large: Target | null = null;
  if (LARGE > SMALL && (!only || only === 'scale')) {
    if (databaseUrl) {
      const url = datasetUrls(databaseUrl).large;
      print(`preparing the ${labelOf(LARGE)}-outlet data set (database ${new URL(url).pathname.slice(1)}; generated by COPY the first time)…`);
      large = await postgresTarget(url, LARGE, print, { inProcess: false });
      targets.push(large);
    } else {
      print(`(the ${labelOf(LARGE)}-outlet data set needs PostgreSQL: set BENCH_DATABASE_URL)`);
    }
  }
  const ctx: BenchContext = {
    mode: databaseUrl ? 'postgresql' : 'embedded',
    small,
    large,
    db: small.db,
    baseUrl: small.baseUrl,
    http: client,
    print,
    judge,
  };
  for (const [name, suite] of Object.entries(SUITES)) {
    if (only && name !== only) continue;
    print(`\n## ${name}`);
    await suite(ctx);
  }
  for (const [name, suite] of Object.entries(STANDALONE)) {
    // The cluster bench runs on its own (`npm run bench -- cluster`): it starts a whole topology.
    if (only || name === 'cluster') continue;
    print(`\n## ${name}`);
    verdicts.push(...verdictsOf(await suite({ print, judge })));
  }
  summary();
} finally {
  client.close();
  for (const t of targets.reverse()) await t.stop().catch((e: unknown) => print(`stopping ${t.label}: ${(e as Error).message}`));
}
