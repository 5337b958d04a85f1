import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/lib/ports.ts';
export { freePort };

/** Helpers for the processes a bench starts: the app as `npm start` runs it, the floors, Chromium. */

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));


/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the process exited (code ${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Ends a child started with `detached: true` (its own process group) and everything it started. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  }, 12_000);
  await exited;
  clearTimeout(timer);
}

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The API server as `npm start` runs it after its build: `tsx server/index.ts` (here `node --import
 * tsx`, the same loader), NODE_ENV unset (development), LOG_LEVEL info: one JSON log line per
 * request, written to stdout, here /dev/null. Only the database, port, data directory and secret are
 * the bench's.
 */
export async function startAppProcess(options: { databaseUrl: string; secret: string; env?: Record<string, string> }): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bench-app-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(NODE_ENV|LOG_LEVEL|DATABASE_URL|PORT|HOST|DATA_DIR)$/.test(k)) env[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: options.databaseUrl, DATA_DIR: dataDir, APP_SECRET: options.secret, ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4_000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/readyz`, 120_000, child);
  } catch (e) {
    await stopGroup(child);
    throw new Error(`${(e as Error).message}\n${stderr}`);
  }
  return {
    baseUrl,
    child,
    async stop() {
      await stopGroup(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
