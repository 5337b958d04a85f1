import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { BenchContext } from '../run.ts';
import { formatRatio } from '../measure.ts';
import { ok } from '../http-client.ts';
import { runtime } from '../../server/lib/runtime.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { insertShopper } from '../../server/test/factories.ts';
import { createSession } from '../../server/modules/sessions/service.ts';
import { outletTopic } from '../../server/modules/payments/events.ts';
import { fanOutTimes, openSinks } from '../../server/modules/counter/feed.ts';

/**
 * The counter's fan-out (docs/payments.md "The counter"): N open event streams on ONE outlet
 * (`--streams=1000` by default), held by a separate client process; a shopper pays (order + sandbox
 * capture over REST) and every stream must get the payment event. Prints, over several payments:
 *  - delivery after the commit (the moment the bus announces it in the server) to each stream:
 *    p50 / p95 / p99 / max, with the target p99 ≤ 200 ms, and the ratio against ONE open stream measured
 *    the same way in the same run;
 *  - the same from the start of the pay request (what staff experience after the shopper taps Pay);
 *  - the server's memory per open stream (RSS and JS heap after a GC, before vs after opening them).
 */

const now = () => performance.timeOrigin + performance.now();

function gcFn(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

interface Clients {
  child: ChildProcess;
  request<T>(message: unknown, reply: string): Promise<T>;
}

function startClients(): Clients {
  const child = fork(path.join(import.meta.dirname, '..', 'sse-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    request<T>(message: unknown, reply: string) {
      return new Promise<T>((resolve, reject) => {
        const onMessage = (m: { type: string; message?: string }) => {
          if (m.type === 'error') {
            child.off('message', onMessage);
            reject(new Error(m.message));
          } else if (m.type === reply) {
            child.off('message', onMessage);
            resolve(m as T);
          }
        };
        child.on('message', onMessage);
        child.send(message as never);
      });
    },
  };
}

async function until(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function counterSuite({ db, baseUrl, http, print }: BenchContext): Promise<void> {
  const flag = process.argv.find((a) => a.startsWith('--streams='));
  const streams = flag ? Number(flag.slice('--streams='.length)) : 1_000;
  const payments = 5;
  const outlet = await db('outlets').where({ isLive: true }).orderBy('id', 'desc').first('id');
  if (!outlet) {
    print('no live outlet in the demo data; skipped');
    return;
  }
  const outletId = Number(outlet.id);
  const [owner] = await db('businessOwners')
    .insert({ username: 'bench.counter', passwordHash: await hashPassword('Bench@12345'), name: 'Counter Bench', phoneNumber: '9000065432', isMaster: true })
    .returning('id');
  const ownerId = Number(owner!.id);
  await db('outlets').where({ id: outletId }).update({ ownerId });
  await db('businessOwnerOutlets').insert({ businessOwnerId: ownerId, outletId }).onConflict(['businessOwnerId', 'outletId']).ignore();
  const ownerToken = (await createSession({ kind: 'business', principalId: ownerId })).token;
  const consumerId = await insertShopper(db, runtime().secret, { phoneNumber: '9000065433', referralCode: 'MEBENCH03' });
  const shopper = { Authorization: `Bearer ${(await createSession({ kind: 'consumer', principalId: consumerId })).token}`, 'Content-Type': 'application/json' };
  const rt = runtime();

  // The moment each event is announced in the server (the commit, as the bus delivers it).
  const committedAt = new Map<number, number>();
  const off = await rt.realtime.subscribe<{ seq: number }>(outletTopic(outletId), (s) => {
    if (s.type === 'message') committedAt.set(s.data.seq, now());
  });

  const pay = async (): Promise<{ startedAt: number }> => {
    const startedAt = now();
    const res = ok(
      await http.request('POST', `${baseUrl}/api/outlet/route/v1/create`, {
        headers: { ...shopper, 'Idempotency-Key': randomUUID() },
        body: JSON.stringify({ outletId, amount: '1000' }),
      }),
    );
    const { order } = JSON.parse(res.body) as { order: { ORDER_ID: string } };
    ok(await http.request('POST', `${baseUrl}/api/payments/demo/${order.ORDER_ID}/complete`, { headers: shopper, body: JSON.stringify({ outcome: 'pay' }) }));
    return { startedAt };
  };

  /** Opens `n` streams in the client process, pays `rounds` times, returns the delivery times. */
  async function settle(gc: (() => void) | null) {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    return process.memoryUsage();
  }

  async function run(n: number, rounds: number) {
    const gc = gcFn();
    const before = await settle(gc);
    const clients = startClients();
    try {
      const url = `${baseUrl}/api/business/payments/${outletId}/events`;
      await clients.request({ type: 'start', url, headers: { Authorization: `Bearer ${ownerToken}` }, count: n }, 'ready');
      await until(() => openSinks(rt, outletId) >= n, 60_000);
      const after = await settle(gc);
      const last = (await db('outletEventCounters').where({ outletId }).first('lastSeq'))?.lastSeq ?? 0;
      const ids: string[] = [];
      const starts = new Map<string, number>();
      for (let i = 0; i < rounds; i++) {
        const { startedAt } = await pay();
        const id = String(last + i + 1);
        ids.push(id);
        starts.set(id, startedAt);
        // Let every stream receive it before the next payment.
        await new Promise((r) => setTimeout(r, 300));
      }
      const fanOut = fanOutTimes(rt, outletId).slice(-rounds).sort((a, b) => a - b);
      const { times } = await clients.request<{ times: Record<string, number[]> }>({ type: 'collect', ids }, 'times');
      const afterCommit: number[] = [];
      const fromPay: number[] = [];
      let missing = 0;
      for (const id of ids) {
        const commit = committedAt.get(Number(id));
        for (const t of times[id] ?? []) {
          if (!Number.isFinite(t) || commit === undefined) {
            missing++;
            continue;
          }
          afterCommit.push(t - commit);
          fromPay.push(t - starts.get(id)!);
        }
      }
      afterCommit.sort((a, b) => a - b);
      fromPay.sort((a, b) => a - b);
      return {
        afterCommit,
        fromPay,
        missing,
        fanOut,
        rssPerStream: (after.rss - before.rss) / n,
        heapPerStream: (after.heapUsed + after.external - before.heapUsed - before.external) / n,
        gc: gc !== null,
      };
    } finally {
      clients.child.disconnect();
      await until(() => openSinks(rt, outletId) === 0, 30_000).catch(() => undefined);
    }
  }

  const single = await run(1, payments);
  const many = await run(streams, payments);
  off();

  const line = (label: string, s: number[]) =>
    `${label.padEnd(44)} n=${String(s.length).padStart(5)}  p50=${pct(s, 50).toFixed(1).padStart(7)} ms  p95=${pct(s, 95).toFixed(1).padStart(7)} ms  p99=${pct(s, 99).toFixed(1).padStart(7)} ms  max=${s[s.length - 1]!.toFixed(1).padStart(7)} ms`;
  print(line('1 stream: commit → event received', single.afterCommit));
  print(line(`${streams} streams: commit → event received`, many.afterCommit));
  print(line(`${streams} streams: Pay tapped → event received`, many.fromPay));
  print(`server: one event written to all ${streams} streams in p50 ${pct(many.fanOut, 50).toFixed(1)} ms, max ${many.fanOut[many.fanOut.length - 1]!.toFixed(1)} ms (1 stream: ${pct(single.fanOut, 50).toFixed(2)} ms)`);
  const p99 = pct(many.afterCommit, 99);
  print(`${`fan-out p99 delivery (${streams} streams, one outlet)`.padEnd(56)} ${p99.toFixed(1).padStart(7)} ms  ${p99 <= 200 ? 'OK' : 'OVER'} (target ≤ 200 ms)`);
  print(formatRatio(`fan-out p99: ${streams} streams ÷ 1 stream`, p99, Math.max(pct(single.afterCommit, 99), 0.1)));
  print(`events not received: ${many.missing} of ${streams * payments}`);
  print(
    `server memory per open stream: ${(many.heapPerStream / 1024).toFixed(1)} KiB JS heap + external${many.gc ? ' (after GC)' : ''}, ` +
      `${(many.rssPerStream / 1024).toFixed(1)} KiB RSS (RSS also moves with the allocator: indicative)`,
  );
}
