import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { openSse, type SseConnection } from '../server/test/sse.ts';

/**
 * A child process of the counter bench (bench/suites/counter.ts): opens N Server-Sent Event streams to
 * one URL, tells the parent when all are open, and on request reports when each stream received each
 * event (`performance.timeOrigin + performance.now()`, the same clock as the parent's). Kept out of the
 * server's process so the server's memory per stream is measured alone.
 */

interface Start {
  type: 'start';
  url: string;
  headers: Record<string, string>;
  count: number;
}
interface Collect {
  type: 'collect';
  ids: string[];
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

let streams: { conn: SseConnection; seen: Map<string, number> }[] = [];

process.on('message', (raw: Start | Collect) => {
  void (async () => {
    if (raw.type === 'start') {
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const opened: { conn: SseConnection; seen: Map<string, number> }[] = [];
      // Open in batches: a burst of 1,000 connects at once overflows the listen backlog.
      for (let i = 0; i < raw.count; i += 100) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(100, raw.count - i) }, () => openSse(raw.url, raw.headers, agent)),
        );
        for (const conn of batch) {
          if (conn.status !== 200) throw new Error(`stream answered ${conn.status}: ${conn.body}`);
          const seen = new Map<string, number>();
          opened.push({ conn, seen });
          // Stamp each event as it is parsed (next() resolves in arrival order).
          void (async () => {
            for (;;) {
              const e = await conn.next(() => true, 600_000).catch(() => null);
              if (!e) return;
              if (e.id) seen.set(e.id, now());
            }
          })();
        }
      }
      streams = opened;
      send({ type: 'ready', count: streams.length });
    } else if (raw.type === 'collect') {
      const times: Record<string, number[]> = {};
      for (const id of raw.ids) times[id] = streams.map((s) => s.seen.get(id) ?? NaN);
      send({ type: 'times', times });
    }
  })().catch((err: unknown) => {
    send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  });
});

process.on('disconnect', () => {
  for (const s of streams) s.conn.close();
  process.exit(0);
});
