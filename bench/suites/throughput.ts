import type { BenchContext } from '../run.ts';
import { GOALS } from '../goals.ts';
import { ok } from '../http-client.ts';
import { discoveryCalls, type DiscoveryCall } from '../lib/discovery-calls.ts';
import { hasPgbench, measureRate, pgbenchRate, startFloor } from '../lib/throughput.ts';
import type { PlainStatement } from '../lib/plain-sql.ts';

/**
 * Throughput (issue 18; goals set by the CEO in issue 31): REST nearby, details and search at 10 and 50
 * connections, each against floors measured in the same run:
 *  - the database floor the goal is judged by: a bare node:http + pg server (bench/lib/floor-server.ts)
 *    that runs the call's very statements, prepared once per connection under the same names as the
 *    service prepares them, and answers the same JSON the app answered (its own process when the app
 *    has its own, as on PostgreSQL). Goal: the app ≥ 60 % of its rate for nearby and details;
 *  - for information, the same server answering without the statements (the framework alone), and
 *    pgbench running the statements with no HTTP at all (PostgreSQL only; `-M prepared` where the
 *    service prepares them, else `-M extended`).
 */
const CONNECTIONS = [10, 50] as const;

export async function throughputSuite({ small, mode, http, print, judge }: BenchContext): Promise<void> {
  const all = await discoveryCalls(small, http);
  const pick = (prefix: string) => all.find((c) => c.name.startsWith(prefix))!;
  const calls: { call: DiscoveryCall; method: 'GET' | 'POST'; goal: boolean }[] = [
    { call: pick('nearby, every category'), method: 'POST', goal: true },
    { call: pick('outlet details'), method: 'POST', goal: true },
    { call: pick('search, a common word'), method: 'GET', goal: false },
  ];

  for (const { call } of calls) await call.ready();
  // The floor's answers: what the app answered for each path.
  const bodies: Record<string, unknown> = {};
  for (const { call } of calls) bodies[call.path] = JSON.parse((await call.rest()).body);
  const floor = await startFloor(bodies, { ownProcess: small.appProcess });
  // The statements of every input of each call, as the service sends them (prepared or not, with hints).
  const statements: Record<string, PlainStatement[][]> = {};
  for (const { call } of calls) {
    statements[call.path] = await Promise.all(
      Array.from({ length: call.inputs }, async (_, i) =>
        (await call.statements(i)).map((q) => ({ sql: q.sql, bindings: q.bindings, planHints: q.planHints, prepared: q.prepared })),
      ),
    );
  }
  const dbFloor = await startFloor(bodies, { ownProcess: small.appProcess, queries: { statements, connectionString: small.connectionString, sql: small.sql } });
  const pgbench = mode === 'postgresql' && small.connectionString && hasPgbench();
  if (!pgbench) print('(pgbench, for information: PostgreSQL only: BENCH_DATABASE_URL=…)');
  try {
    for (const { call, method, goal } of calls) {
      const scripts = pgbench ? await Promise.all(Array.from({ length: call.inputs }, async (_, i) => (await call.literal(i)).join(';\n'))) : [];
      // pgbench sends the statements as the app does: prepared once per connection when the service
      // prepares them (server/db/rows.ts), else parsed and planned each time.
      const mode = (await call.statements(0)).every((q) => q.prepared) ? 'prepared' : 'extended';
      for (const connections of CONNECTIONS) {
        const app = await measureRate(call.rest, { connections });
        const withSql = await measureRate(async () => ok(await http.request(method, `${dbFloor.baseUrl}${call.path}`)), { connections });
        const bare = await measureRate(async () => ok(await http.request(method, `${floor.baseUrl}${call.path}`)), { connections });
        const db = pgbench ? await pgbenchRate({ connectionString: small.connectionString!, scripts, connections, mode }) : null;
        print(
          `${`${call.name}, ${connections} connections`.padEnd(50)} app ${app.rate.toFixed(0).padStart(6)}/s (p50 ${app.p50.toFixed(1)} ms)` +
            `   node:http + pg floor ${withSql.rate.toFixed(0).padStart(6)}/s   node:http alone ${bare.rate.toFixed(0).padStart(6)}/s` +
            (db !== null ? `   pgbench -M ${mode} ${db.toFixed(0).padStart(6)}/s` : ''),
        );
        judge(`${call.name}, ${connections} connections: app ÷ node:http + pg floor (rate)`, app.rate / withSql.rate, 'ratio', goal ? { min: GOALS.appOverDbFloor } : undefined);
        judge(`(info) ${call.name}, ${connections} connections: app ÷ node:http alone (rate)`, app.rate / bare.rate, 'ratio');
        if (db !== null) judge(`(info) ${call.name}, ${connections} connections: app ÷ pgbench (rate)`, app.rate / db, 'ratio');
      }
    }
  } finally {
    await floor.stop();
    await dbFloor.stop();
  }
}
