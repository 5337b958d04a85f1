import type { BenchContext } from '../run.ts';
import { GOALS } from '../goals.ts';
import { formatStats, measureInterleaved } from '../measure.ts';
import { discoveryCalls } from '../lib/discovery-calls.ts';

/**
 * Every discovery query at 100,000 and at 1,000,000 outlets (PostgreSQL, `--outlets=1000000`), the two
 * data sets called in turn (SQL at 100k, SQL at 1M, REST at 100k, REST at 1M, round after round), so the
 * ratio compares the same minutes of this machine. Goals (issue 18): p50 at 1M ÷ p50 at 100k ≤ 1.5 for
 * the SQL and for the REST call, and the REST call's p95 at 1M ≤ 50 ms.
 */
export async function scaleSuite({ small, large, http, print, judge }: BenchContext): Promise<void> {
  if (!large) {
    print('(skipped: needs PostgreSQL and the 1,000,000-outlet data set: BENCH_DATABASE_URL=… npm run bench -- scale --outlets=1000000)');
    return;
  }
  const [a, b] = [await discoveryCalls(small, http), await discoveryCalls(large, http)];
  for (const c of [...a, ...b]) await c.ready();
  for (const [i, c] of a.entries()) {
    const d = b[i]!;
    print('');
    const [sqlA, sqlB, restA, restB] = await measureInterleaved(
      [
        { name: `${c.name}: SQL at ${small.label}`, fn: c.sql },
        { name: `${c.name}: SQL at ${large.label}`, fn: d.sql },
        { name: `${c.name}: REST at ${small.label}`, fn: c.rest },
        { name: `${c.name}: REST at ${large.label}`, fn: d.rest },
      ],
      { iterations: 200, warmup: 40 },
    );
    for (const s of [sqlA!, sqlB!, restA!, restB!]) print(formatStats(s));
    judge(`${c.name}: SQL p50 at ${large.label} ÷ at ${small.label}`, sqlB!.p50 / sqlA!.p50, 'ratio', { max: GOALS.growth });
    judge(`${c.name}: REST p50 at ${large.label} ÷ at ${small.label}`, restB!.p50 / restA!.p50, 'ratio', { max: GOALS.growth });
    judge(`${c.name}: REST p95 at ${large.label}`, restB!.p95, 'ms', { max: GOALS.p95At1MMs });
  }
  print('');
  for (const c of b.filter((x) => /^search|^city browse/.test(x.name))) {
    const plans = await Promise.all(
      (await c.literal(0)).map(async (s) => ((await large.db.raw(`EXPLAIN (ANALYZE, BUFFERS OFF, TIMING OFF) ${s}`)).rows as Record<string, string>[]).map((r) => Object.values(r)[0]!)),
    );
    const exec = plans.map((p) => p.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?');
    print(`EXPLAIN ANALYZE at ${large.label}, ${c.name}: execution ${exec.join(' + ')}`);
  }
}
