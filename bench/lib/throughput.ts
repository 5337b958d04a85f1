import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { createFloorServer } from './floor-server.ts';
import type { PlainSql, PlainStatement } from './plain-sql.ts';
import { freePort, repoRoot, stopGroup, waitFor } from './process.ts';

const run = promisify(execFile);

export interface Rate {
  /** Completed calls per second over the timed window. */
  rate: number;
  n: number;
  p50: number;
  p95: number;
}

/**
 * Calls `fn` from `connections` concurrent workers, each starting its next call when the last one
 * ends, for `durationMs` after `warmupMs` of the same untimed: the closed-loop load wrk or pgbench
 * apply. Returns the completed calls per second and the latency percentiles.
 */
export async function measureRate(fn: () => Promise<unknown>, options: { connections: number; durationMs?: number; warmupMs?: number }): Promise<Rate> {
  const durationMs = options.durationMs ?? 8_000;
  const warmupMs = options.warmupMs ?? 1_500;
  const loop = async (until: number, samples: number[] | null) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      await fn();
      samples?.push(performance.now() - t0);
    }
  };
  const warmEnd = performance.now() + warmupMs;
  await Promise.all(Array.from({ length: options.connections }, () => loop(warmEnd, null)));
  const samples: number[] = [];
  const start = performance.now();
  await Promise.all(Array.from({ length: options.connections }, () => loop(start + durationMs, samples)));
  const elapsed = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.max(0, Math.ceil((p / 100) * samples.length) - 1))] ?? NaN;
  return { rate: samples.length / elapsed, n: samples.length, p50: pct(50), p95: pct(95) };
}

export interface Floor {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The bare node:http floor serving `bodies` (path → JSON), in its own process or in this one; with
 * `queries`, running each path's statements first (the node:http + pg floor, floor-server.ts).
 */
export async function startFloor(
  bodies: Record<string, unknown>,
  options: { ownProcess: boolean; queries?: { statements: Record<string, PlainStatement[][]>; connectionString: string | null; sql: PlainSql } },
): Promise<Floor> {
  if (!options.ownProcess) {
    const server = createFloorServer(bodies, options.queries && { sql: options.queries.sql, statements: options.queries.statements });
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stop: () => new Promise((r) => server.close(() => r())),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-floor-'));
  const file = path.join(dir, 'bodies.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ bodies, ...(options.queries ? { statements: options.queries.statements, connectionString: options.queries.connectionString } : {}) }),
  );
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/floor-server.ts', file, String(port)], { cwd: repoRoot, detached: true, stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Any path answers (404 for unknown ones): poll one that exists.
  const probe = Object.keys(bodies)[0]!;
  await waitFor(`${baseUrl}${probe}`, 30_000, child);
  return {
    baseUrl,
    async stop() {
      await stopGroup(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether Debian's pgbench is here. */
export function hasPgbench(): boolean {
  return fs.existsSync('/usr/bin/pgbench');
}

/**
 * pgbench running `scripts` (each a file's worth of SQL, one transaction; picked at random per
 * transaction, as the app's calls cycle through the bench's points and ids) with `connections`
 * clients over the extended protocol (what node-postgres speaks), for `seconds`. Returns its tps
 * without the initial connection time.
 */
export async function pgbenchRate(options: {
  connectionString: string;
  scripts: readonly string[];
  connections: number;
  seconds?: number;
  /**
   * How pgbench sends each statement: `extended` parses and plans it every time, as the app does an
   * unnamed statement; `prepared` prepares it once per connection, as the app does a named one
   * (server/db/rows.ts).
   */
  mode?: 'extended' | 'prepared';
}): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-pgbench-'));
  try {
    const files = options.scripts.map((sql, i) => {
      const f = path.join(dir, `s${i}.sql`);
      fs.writeFileSync(f, `${sql.trim().replace(/;?\s*$/, ';')}\n`);
      return f;
    });
    const url = new URL(options.connectionString);
    const searchPath = /search_path=([^&\s]+)/.exec(decodeURIComponent(url.search))?.[1];
    const args = [
      '-n',
      '-M', options.mode ?? 'extended',
      '-c', String(options.connections),
      '-j', String(Math.min(options.connections, os.cpus().length)),
      '-T', String(options.seconds ?? 8),
      '-h', url.hostname,
      '-p', url.port || '5432',
      '-U', decodeURIComponent(url.username) || 'postgres',
      ...files.flatMap((f) => ['-f', f]),
      decodeURIComponent(url.pathname.slice(1)),
    ];
    const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}), ...(searchPath ? { PGOPTIONS: `-c search_path=${searchPath}` } : {}) };
    const { stdout } = await run('/usr/bin/pgbench', args, { env, maxBuffer: 16 << 20 });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!tps) throw new Error(`pgbench: no tps in its output:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
