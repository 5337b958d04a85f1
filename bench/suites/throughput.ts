import type { BenchContext } from '../run.ts';
import { GOALS } from '../goals.ts';
import { ok } from '../http-client.ts';
import { discoveryCalls, type DiscoveryCall } from '../lib/discovery-calls.ts';
import { hasPgbench, measureRate, pgbenchRate, startFloor } from '../lib/throughput.ts';

/**
 * Throughput (issue 18): REST nearby, details and search at 10 and 50 connections, each against two
 * floors measured in the same run:
 *  - the framework floor: a bare node:http server answering the same path with the same JSON (its own
 *    process when the app has its own, as on PostgreSQL);
 *  - the database floor: pgbench running the very statements of the call (PostgreSQL only), one
 *    transaction per call, cycling through the same points and ids, each sent as the app sends it:
 *    prepared once per connection (`-M prepared`) when the service prepares it, else `-M extended`.
 * Goal: the app reaches ≥ 50 % of the database floor's rate for nearby and details.
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
  const pgbench = mode === 'postgresql' && small.connectionString && hasPgbench();
  if (!pgbench) print('(database floor: pgbench runs on PostgreSQL only: BENCH_DATABASE_URL=…)');
  try {
    for (const { call, method, goal } of calls) {
      const scripts = pgbench ? await Promise.all(Array.from({ length: call.inputs }, async (_, i) => (await call.literal(i)).join(';\n'))) : [];
      // The floor sends the statements as the app does: prepared once per connection when the service
      // prepares them (server/db/rows.ts), else parsed and planned each time.
      const mode = (await call.statements(0)).every((q) => q.prepared) ? 'prepared' : 'extended';
      for (const connections of CONNECTIONS) {
        const app = await measureRate(call.rest, { connections });
        const bare = await measureRate(async () => ok(await http.request(method, `${floor.baseUrl}${call.path}`)), { connections });
        const db = pgbench ? await pgbenchRate({ connectionString: small.connectionString!, scripts, connections, mode }) : null;
        print(
          `${`${call.name}, ${connections} connections`.padEnd(50)} app ${app.rate.toFixed(0).padStart(6)}/s (p50 ${app.p50.toFixed(1)} ms)` +
            `   node:http floor ${bare.rate.toFixed(0).padStart(6)}/s` +
            (db !== null ? `   pgbench -M ${mode} ${db.toFixed(0).padStart(6)}/s` : ''),
        );
        judge(`${call.name}, ${connections} connections: app ÷ node:http floor (rate)`, app.rate / bare.rate, 'ratio');
        if (db !== null) {
          judge(`${call.name}, ${connections} connections: app ÷ pgbench (rate)`, app.rate / db, 'ratio', goal ? { min: GOALS.appOverPgbench } : undefined);
        }
      }
    }
  } finally {
    await floor.stop();
  }
}
