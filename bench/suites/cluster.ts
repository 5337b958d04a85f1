import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../knexfile.ts';
import { freePort, startCluster, type Cluster } from '../../server/ops/cluster.ts';
import { createSandboxPayments } from '../../server/providers/payments.ts';
import { checkCapturedOrders } from '../../server/modules/payments/integrity.ts';
import { DEMO_BUSINESS_OWNER } from '../../seeds/data/demo-logins.ts';
import { openSse, type SseConnection } from '../../server/test/sse.ts';
import { ensureGeneratedOutlets, BASE_ID } from '../data/generate.ts';
import { createHttpClient, type BenchHttpClient, type BenchResponse } from '../http-client.ts';
import { COMMON_WORD, cycle, queryPoints } from '../lib/discovery-calls.ts';
import { GOALS } from '../goals.ts';
import type { JudgedKind } from '../measure.ts';
import type { Goal } from '../goals.ts';

/**
 * The lunch-hour peak (issue 31): mixed traffic through HAProxy on the local cluster
 * (server/ops/cluster.ts: N instances, a worker, PgBouncer, a streaming replica, a local S3), at
 * rising concurrency with 1 and then 3 instances behind the balancer, then a run with 3 in which one
 * instance is SIGKILLed half-way. Every virtual user is a closed loop of weighted calls:
 *
 *   discovery 70 % (nearby 30, outlet details 15, outlet photos and about 10, search 15),
 *   payments 25 % (order with an Idempotency-Key, then the sandbox's signed webhook),
 *   sign-ins 5 % (sign-up with a fresh phone, the OTP read from the SMS outbox, verify);
 *
 * and the demo owner's counters listen to their outlets' live payments all along (two streams an
 * outlet, reconnecting with Last-Event-ID as a browser does). The client retries a call whose
 * connection failed or that got a 502/503/504, with the same idempotency key or webhook event id.
 *
 * Afterwards: every order the bench saw paid is captured exactly once with its eight ledger entries,
 * every counter got every payment of its outlet, and every failed call succeeded on a retry.
 *
 * Options: --levels=4,8,16,32 (concurrency), --seconds=10 (each level), --outlets=20000 (generated,
 * kept in the database between runs), BENCH_CLUSTER_DATABASE_URL (default the local server's
 * `bachat_cluster_bench`).
 */

interface Options {
  levels: number[];
  seconds: number;
  outlets: number;
}

function options(): Options {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return {
    levels: (arg('levels') ?? '4,8,16,32').split(',').map(Number).filter((n) => n > 0),
    seconds: Number(arg('seconds') ?? 10),
    outlets: Number(arg('outlets') ?? 20_000),
  };
}

const SECRET = 'cluster-secret-0123456789abcdef0123456789';
const RETRYABLE = new Set([502, 503, 504]);

interface CallStats {
  ms: number[];
  errors: number;
}

class Recorder {
  calls = new Map<string, CallStats>();
  /** Calls whose first attempt failed (network error or 502/503/504) and a retry succeeded. */
  retriedOk = 0;
  /** Calls that failed even after their retries. */
  failed: string[] = [];
  /** Sign-ups whose response was lost and whose retry the API refuses (a sign-up is not idempotent). */
  signupsCut = 0;
  add(name: string, ms: number, error = false) {
    let s = this.calls.get(name);
    if (!s) this.calls.set(name, (s = { ms: [], errors: 0 }));
    s.ms.push(ms);
    if (error) s.errors++;
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** Reads OTP codes the console SMS provider appended for a phone (the outbox all instances share). */
function otpFor(outbox: string, phone: string): string | null {
  if (!fs.existsSync(outbox)) return null;
  const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    try {
      const m = JSON.parse(line) as { to: string; text: string };
      if (m.to.endsWith(phone)) return /\b(\d{6})\b/.exec(m.text)?.[1] ?? null;
    } catch {
      // a line being written
    }
  }
  return null;
}

interface Counter {
  outletId: number;
  seen: Set<string>;
  reconnects: number;
  close(): void;
}

/** A counter's payments screen: one stream, reconnecting with Last-Event-ID whenever it ends or fails. */
function listen(url: string, outletId: number, token: string): Counter {
  const seen = new Set<string>();
  let lastId: string | null = null;
  let closed = false;
  let conn: SseConnection | null = null;
  const counter: Counter = {
    outletId,
    seen,
    reconnects: 0,
    close() {
      closed = true;
      conn?.close();
    },
  };
  void (async () => {
    while (!closed) {
      try {
        conn = await openSse(`${url}/api/business/payments/${outletId}/events`, { Authorization: `Bearer ${token}`, ...(lastId ? { 'Last-Event-ID': lastId } : {}) });
        if (conn.status !== 200) throw new Error(`stream ${conn.status}`);
        const open = conn;
        const ended = open.ended.then(() => null);
        for (;;) {
          // The stream ends when its instance goes away (HAProxy closes the client side): reconnect then.
          const e = await Promise.race([open.next(() => true, 120_000).catch(() => null), ended]);
          if (!e) break;
          if (e.id) lastId = e.id;
          if (e.event === 'payment') seen.add((JSON.parse(e.data) as { orderId: string }).orderId);
        }
      } catch {
        // the instance went away: reconnect below
      }
      conn?.close();
      if (closed) return;
      counter.reconnects++;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return counter;
}

export async function clusterSuite({ print, judge }: { print: (line: string) => void; judge: (label: string, value: number, kind: JudgedKind, goal?: Goal) => void }): Promise<void> {
  const opts = options();
  const databaseUrl = process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bachat_cluster_bench';
  const port = await freePort();
  const started = Date.now();
  const cluster: Cluster = await startCluster({
    instances: 3,
    port,
    databaseUrl,
    replica: !process.argv.includes('--no-replica'),
    log: print,
    env: { OTP_SENDS_PER_IP_PER_HOUR: '100000', ANALYTICS_BATCHES_PER_IP_PER_MINUTE: '100000' },
  });
  print(`cluster up in ${((Date.now() - started) / 1000).toFixed(0)} s: ${cluster.url}, replica ${cluster.replicaUrl ? 'on' : 'off'}`);
  const db: Knex = knexFactory(knexConfig({ databaseUrl, poolMax: 4 }));
  const http: BenchHttpClient = createHttpClient({ maxSockets: 256 });
  const counters: Counter[] = [];
  try {
    await ensureGeneratedOutlets(db, opts.outlets, print, { copy: { connectionString: databaseUrl } });
    const base = cluster.url;
    const req = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) => http.request(method, `${base}${path}`, init);

    // The world: the demo owner's outlets (payable, with counters) and a few signed-in shoppers.
    const ownerLogin = await req('POST', '/api/onboarding/bo/login', { body: JSON.stringify({ username: DEMO_BUSINESS_OWNER.username, password: DEMO_BUSINESS_OWNER.password }) });
    if (ownerLogin.status !== 200) throw new Error(`owner login ${ownerLogin.status}: ${ownerLogin.body}`);
    const ownerToken = (JSON.parse(ownerLogin.body) as { accessToken: string }).accessToken;
    const owner = await db('businessOwners').where({ username: DEMO_BUSINESS_OWNER.username }).first('id');
    const payOutlets = (await db('businessOwnerOutlets').where({ businessOwnerId: owner!.id }).orderBy('outletId').select('outletId')).map((r) => Number(r.outletId));
    const liveIds = (await db('outlets').where('isLive', true).where('id', '>=', BASE_ID).orderBy('id').limit(200).select('id')).map((r) => Number(r.id));
    const points = cycle(queryPoints());
    const ids = cycle(liveIds.length ? liveIds : payOutlets);
    const sandbox = createSandboxPayments(SECRET);
    const rec = new Recorder();
    let phoneSeq = Date.now() % 100_000_000;
    const nextPhone = () => `9${String(++phoneSeq % 1_000_000_000).padStart(9, '0')}`;

    /**
     * One call with the client's retry: a lost connection or a 502/503/504 is tried again (up to 7
     * times, backing off from 0.2 to 3.2 s), with the same request, so its idempotency key or event id.
     */
    const call = async (name: string, send: () => Promise<BenchResponse>, okStatus: (s: number) => boolean = (s) => s >= 200 && s < 300): Promise<BenchResponse | null> => {
      const t0 = performance.now();
      let failedOnce = false;
      for (let attempt = 0; attempt < 8; attempt++) {
        try {
          const res = await send();
          if (okStatus(res.status)) {
            rec.add(name, performance.now() - t0);
            if (failedOnce) rec.retriedOk++;
            return res;
          }
          if (!RETRYABLE.has(res.status)) {
            rec.add(name, performance.now() - t0, true);
            rec.failed.push(`${name}: HTTP ${res.status} ${res.body.slice(0, 120)}`);
            return null;
          }
        } catch {
          // connection lost: retry
        }
        failedOnce = true;
        // 0.2, 0.4, 0.8 … 3.2 s: about 12 s in all, longer than HAProxy takes to drop a dead instance.
        await new Promise((r) => setTimeout(r, Math.min(3_200, 200 * 2 ** attempt)));
      }
      rec.add(name, performance.now() - t0, true);
      rec.failed.push(`${name}: no answer after 8 attempts`);
      return null;
    };

    // Shoppers who pay: signed in once through the balancer.
    const shoppers: string[] = [];
    const signIn = async (): Promise<string | null> => {
      const phone = nextPhone();
      const signup = await call('sign-in: sign-up (OTP sent)', () =>
        req('POST', '/api/onboarding/signup', { body: JSON.stringify({ phoneNumber: phone, name: 'Bench Shopper', email: `b${phone}@example.in`, isApk: 'false' }) }),
      );
      if (!signup) {
        rec.signupsCut++;
        rec.failed.pop();
        return null;
      }
      const { userId } = JSON.parse(signup.body) as { userId: number };
      let otp: string | null = null;
      for (let i = 0; i < 50 && !otp; i++) {
        otp = otpFor(cluster.smsOutbox, phone);
        if (!otp) await new Promise((r) => setTimeout(r, 20));
      }
      if (!otp) throw new Error(`no OTP in the outbox for ${phone}`);
      const verified = await call('sign-in: verify OTP', () => req('POST', '/api/onboarding/verifyOtp', { body: JSON.stringify({ userId: String(userId), otp, isApk: false }) }));
      return verified ? (JSON.parse(verified.body) as { accessToken: string }).accessToken : null;
    };
    for (let i = 0; i < 12; i++) {
      const token = await signIn();
      if (token) shoppers.push(token);
    }
    const shopper = cycle(shoppers);
    const payOutlet = cycle(payOutlets);

    // The counters: two screens an outlet, for the whole run.
    for (const outletId of payOutlets) for (let k = 0; k < 2; k++) counters.push(listen(base, outletId, ownerToken));

    const paid: { orderId: string; outletId: number }[] = [];
    const pay = async () => {
      const outletId = payOutlet();
      const auth = { Authorization: `Bearer ${shopper()}` };
      const key = randomUUID();
      const body = JSON.stringify({ outletId, amount: String(200 + Math.floor(Math.random() * 1800)) });
      const created = await call('payment: order (Idempotency-Key)', () => req('POST', '/api/outlet/route/v1/create', { headers: { ...auth, 'Idempotency-Key': key }, body }));
      if (!created) return;
      const { order } = JSON.parse(created.body) as { order: { ORDER_ID: string; PROVIDER_ORDER_ID: string; AMOUNT_PAISE: number } };
      const { webhook } = sandbox.complete({ providerOrderId: order.PROVIDER_ORDER_ID, amountPaise: order.AMOUNT_PAISE, outcome: 'pay' });
      const hooked = await call('payment: webhook (event id)', () =>
        req('POST', '/api/payments/webhook/sandbox', {
          headers: { 'X-Razorpay-Signature': webhook.signature, 'X-Razorpay-Event-Id': webhook.eventId },
          body: webhook.body.toString('utf8'),
        }),
      );
      if (hooked) paid.push({ orderId: order.ORDER_ID, outletId });
    };

    const MIX: { weight: number; run: () => Promise<unknown> }[] = [
      { weight: 30, run: () => call('discovery: nearby', () => req('POST', '/api/outlet/getNearbyOutlets?offSet=1&limit=16', { body: JSON.stringify({ ...points(), noLocation: false }) })) },
      { weight: 15, run: () => call('discovery: outlet details', () => req('POST', `/api/outlet/details?outletId=${ids()}`)) },
      { weight: 5, run: () => call('discovery: outlet photos', () => req('GET', `/api/business/v2/photos/${ids()}`)) },
      { weight: 5, run: () => call('discovery: outlet about', () => req('GET', `/api/business/overview/${ids()}`)) },
      { weight: 15, run: () => call('discovery: search', () => req('GET', `/api/cmn/search?${new URLSearchParams({ searchString: COMMON_WORD, ...Object.fromEntries(Object.entries(points()).map(([k, v]) => [k, String(v)])) })}`)) },
      { weight: 25, run: pay },
      { weight: 5, run: signIn },
    ];
    const total = MIX.reduce((n, m) => n + m.weight, 0);
    const pick = () => {
      let r = Math.random() * total;
      for (const m of MIX) if ((r -= m.weight) < 0) return m;
      return MIX[0]!;
    };

    /** Runs the mix with `vus` closed loops for `seconds`; `during` runs once in the middle. */
    const runLevel = async (label: string, vus: number, seconds: number, during?: () => void) => {
      const before = new Recorder();
      Object.assign(rec, { calls: before.calls });
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const until = t0 + seconds * 1000;
      const timer = during ? setTimeout(during, (seconds * 1000) / 2) : null;
      await Promise.all(
        Array.from({ length: vus }, async () => {
          while (performance.now() < until) await pick().run();
        }),
      );
      if (timer) clearTimeout(timer);
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const all = [...rec.calls.values()].reduce((n, s) => n + s.ms.length, 0);
      const generatorCpu = (cpu.user + cpu.system) / 1e6 / elapsed;
      print(`\n### ${label}: ${vus} virtual users, ${elapsed.toFixed(1)} s, ${(all / elapsed).toFixed(0)} calls/s, load generator ${(generatorCpu * 100).toFixed(0)} % of a core, load ${os.loadavg()[0]!.toFixed(1)}`);
      print(`${'call'.padEnd(36)} ${'n'.padStart(6)} ${'/s'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} errors`);
      const summary: Record<string, { n: number; p50: number; p95: number; p99: number; errors: number }> = {};
      for (const [name, s] of [...rec.calls].sort((a, b) => a[0].localeCompare(b[0]))) {
        const sorted = [...s.ms].sort((a, b) => a - b);
        summary[name] = { n: sorted.length, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), errors: s.errors };
        print(
          `${name.padEnd(36)} ${String(sorted.length).padStart(6)} ${(sorted.length / elapsed).toFixed(0).padStart(6)} ${pct(sorted, 50).toFixed(1).padStart(7)} ${pct(sorted, 95).toFixed(1).padStart(7)} ${pct(sorted, 99).toFixed(1).padStart(7)} ${s.errors}`,
        );
      }
      const discovery = [...rec.calls].filter(([n]) => n.startsWith('discovery')).flatMap(([, s]) => s.ms).sort((a, b) => a - b);
      return { rate: all / elapsed, discoveryP99: pct(discovery, 99), summary, generatorCpu };
    };

    const results: Record<number, Record<number, Awaited<ReturnType<typeof runLevel>>>> = { 1: {}, 3: {} };
    for (const n of [1, 3] as const) {
      await cluster.route(cluster.instances.slice(0, n).map((i) => i.name));
      print(`\n## ${n} instance${n > 1 ? 's' : ''} behind HAProxy`);
      for (const vus of opts.levels) results[n]![vus] = await runLevel(`${n} instance${n > 1 ? 's' : ''}`, vus, opts.seconds);
    }
    // Where one instance saturates: the first level whose rate grew by less than 10 % over the last one.
    let saturation = opts.levels[opts.levels.length - 1]!;
    for (let i = 1; i < opts.levels.length; i++) {
      if (results[1]![opts.levels[i]!]!.rate < results[1]![opts.levels[i - 1]!]!.rate * 1.1) {
        saturation = opts.levels[i - 1]!;
        break;
      }
    }
    print(`\none instance saturates at ${saturation} virtual users (${results[1]![saturation]!.rate.toFixed(0)} calls/s); 3 instances there: ${results[3]![saturation]!.rate.toFixed(0)} calls/s`);
    judge(`cluster: discovery p99 with 3 instances at ${saturation} users (where 1 saturates), ms`, results[3]![saturation]!.discoveryP99, 'ms', { max: GOALS.clusterDiscoveryP99Ms });
    judge('cluster: throughput 3 instances ÷ 1 at that concurrency', results[3]![saturation]!.rate / results[1]![saturation]!.rate, 'ratio');

    // Losing an instance: 3 behind the balancer, app2 SIGKILLed half-way.
    const victim = cluster.instances[1]!;
    let killedAt = 0;
    const failover = await runLevel(`3 instances, ${victim.name} killed (kill -9) half-way`, saturation, Math.max(opts.seconds, 10), () => {
      killedAt = performance.now();
      cluster.kill(victim.name);
      print(`  … kill -9 ${victim.pid} (${victim.name})`);
    });
    print(`  instance ${victim.name} gone: ${victim.alive() ? 'NO, still alive' : 'yes'}; ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill the run ended`);

    // Afterwards: money, counters, retries.
    const orderIds = paid.map((p) => p.orderId);
    const deadline = Date.now() + 30_000;
    const missing = () => paid.filter((p) => counters.filter((c) => c.outletId === p.outletId).some((c) => !c.seen.has(p.orderId)));
    while (missing().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const money = await checkCapturedOrders(db, orderIds);
    const lost = money.missing + money.problems.length;
    const late = missing();
    print(`\n## checks`);
    print(`payments seen paid by the client: ${orderIds.length}; in the database captured once with their 8 ledger entries: ${money.checked - money.problems.length}`);
    for (const b of money.problems.slice(0, 10)) print(`  WRONG ${JSON.stringify(b)}`);
    print(`counters: ${counters.length} screens on ${payOutlets.length} outlets, ${counters.reduce((n, c) => n + c.reconnects, 0)} reconnects (Last-Event-ID); payments a screen never got: ${late.length}`);
    print(`calls that failed and succeeded on a retry: ${rec.retriedOk}; calls that failed for good: ${rec.failed.length}; sign-ups cut by the kill (not idempotent, the shopper signs up again): ${rec.signupsCut}`);
    for (const f of rec.failed.slice(0, 10)) print(`  FAILED ${f}`);
    judge('cluster: payments lost or doubled', lost, 'count', { max: 0 });
    judge('cluster: payments a counter never got', late.length, 'count', { max: 0 });
    judge('cluster: calls failed after retries', rec.failed.length, 'count', { max: 0 });
    judge(`cluster: discovery p99 while losing an instance (${saturation} users), ms`, failover.discoveryP99, 'ms');
    judge('cluster: load generator CPU, share of one core (highest level)', Math.max(...Object.values(results[3]!).map((r) => r.generatorCpu), failover.generatorCpu), 'ratio');
  } finally {
    for (const c of counters) c.close();
    http.close();
    await db.destroy();
    await cluster.stop();
  }
}
