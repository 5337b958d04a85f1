import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import knexFactory from 'knex';
import { freePort } from '../lib/ports.ts';
export { freePort };

/**
 * The production topology (docs/operations.md, "Running more than one instance") on one machine, out of
 * the real engines: N app instances and a job worker (`server/index.ts`, `server/worker.ts`), HAProxy in
 * front (round robin, health checks on /readyz, retries of refused connections), PgBouncer in session
 * mode before PostgreSQL, a streaming replica of that PostgreSQL (pg_basebackup into a temp dir, its
 * own port) for discovery reads, and a local S3 (s3rver) for the uploads. `npm run cluster` runs it
 * until Ctrl-C; the cluster bench starts it and kills an instance in the middle of a run.
 *
 * Every process is started through a small guard shell that reads a pipe from this process: when this
 * process ends in any way (Ctrl-C, a crash, SIGKILL) the pipe closes and each guard stops its process,
 * so nothing is left running.
 */

const run = promisify(execFile);
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface ClusterOptions {
  /** App instances behind the balancer. */
  instances: number;
  /** The balancer's port (the one to open). */
  port: number;
  /** The primary: a database on a PostgreSQL server that accepts replication connections from here. */
  databaseUrl: string;
  /** Start a streaming replica and send discovery reads to it. */
  replica: boolean;
  /** Extra environment for the app instances and the worker. */
  env?: Record<string, string>;
  /** Connections per instance pool. */
  poolMax?: number;
  log?: (line: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  /** The app process's pid (not its guard's): what `kill -9` targets. */
  pid: number;
  alive(): boolean;
}

export interface Cluster {
  url: string;
  dir: string;
  instances: Instance[];
  databaseUrl: string;
  /** The primary through PgBouncer, as the instances reach it. */
  pooledUrl: string;
  replicaUrl: string | null;
  s3: { endpoint: string; bucket: string };
  /** The console SMS provider's outbox all instances append OTP messages to. */
  smsOutbox: string;
  /** SIGKILLs one instance's app process (a machine lost); HAProxy takes it out after its failed checks. */
  kill(name: string): void;
  /** Sends traffic to these instances only (the others are put in maintenance on HAProxy's admin socket). */
  route(names: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}


const asRoot = process.getuid?.() === 0;
/** PostgreSQL and PgBouncer refuse to run as root: as root, they run as the `postgres` user. */
const asPostgres = (argv: string[]) => (asRoot ? ['runuser', '-u', 'postgres', '--', ...argv] : argv);

/**
 * The guard: runs the command with stdin from /dev/null, prints its pid, and stops it with `signal`
 * when its own stdin (a pipe from this process) reaches its end, or when told to (SIGTERM to the guard).
 */
const GUARD = `
exec 3<&0
"$@" </dev/null >>"$GUARD_LOG" 2>&1 &
child=$!
echo "pid $child"
# The whole process group: runuser does not pass signals on, and PostgreSQL's backends are its children.
stop() { trap '' TERM INT; kill -s "$GUARD_SIGNAL" -- -$$ 2>/dev/null; for _ in $(seq 1 100); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done; kill -KILL -- -$$ 2>/dev/null; exit 0; }
trap stop TERM INT
# A background job of a non-interactive shell reads /dev/null unless told otherwise: the pipe is fd 3.
{ cat <&3 >/dev/null; kill -TERM $$; } &
wait "$child"
`;

interface Guarded {
  name: string;
  signal: 'TERM' | 'INT';
  guard: ChildProcess;
  pid: Promise<number>;
  exited: Promise<void>;
}

function startGuarded(name: string, argv: string[], options: { dir: string; env?: NodeJS.ProcessEnv; signal?: 'TERM' | 'INT'; cwd?: string }): Guarded {
  const logFile = path.join(options.dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const guard = spawn('bash', ['-c', GUARD, 'guard', ...argv], {
    cwd: options.cwd ?? repoRoot,
    env: { ...(options.env ?? process.env), GUARD_SIGNAL: options.signal ?? 'TERM', GUARD_LOG: logFile },
    stdio: ['pipe', 'pipe', out],
    detached: true,
  });
  fs.closeSync(out);
  const pid = new Promise<number>((resolve, reject) => {
    let text = '';
    guard.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /^pid (\d+)$/m.exec(text);
      if (m) resolve(Number(m[1]));
    });
    guard.once('exit', () => reject(new Error(`${name} did not start (see ${logFile})`)));
  });
  pid.catch(() => undefined);
  const exited = new Promise<void>((resolve) => guard.once('exit', () => resolve()));
  return { name, signal: options.signal ?? 'TERM', guard, pid, exited };
}

/**
 * Stops a guarded process: its signal to the whole group (the guard passes it on and waits), then,
 * whatever is left after `timeoutMs` (or once the guard is gone), SIGKILL to the group: a child that
 * forked (runuser, PostgreSQL's backends) never outlives it.
 */
async function stopGuarded(g: Guarded, timeoutMs = 12_000): Promise<void> {
  const group = g.guard.pid;
  if (group === undefined) return;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-group, signal);
    } catch {
      // gone
    }
  };
  if (g.guard.exitCode === null && g.guard.signalCode === null) {
    killGroup(g.signal === 'INT' ? 'SIGINT' : 'SIGTERM');
    await Promise.race([g.exited, new Promise((r) => setTimeout(r, timeoutMs))]);
  }
  killGroup('SIGKILL');
  await new Promise((r) => setTimeout(r, 100));
}

/** The last lines of a process's log, for an error message. */
function tailOf(file: string | undefined, lines = 12): string {
  if (!file || !fs.existsSync(file)) return '';
  return `\n--- ${path.basename(file)} ---\n${fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n')}`;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, failed?: () => boolean, logFile?: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (failed?.()) throw new Error(`${what}: the process exited${tailOf(logFile)}${logFile ? ` (log ${logFile})` : ''}`);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${tailOf(logFile)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const answers = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
const accepts = (port: number) => () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function withDatabase(url: string, database: string, port?: number): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (port) {
    u.hostname = '127.0.0.1';
    u.port = String(port);
  }
  return u.toString();
}

/** Creates the primary's database (and its extensions) when it is not there yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const u = new URL(databaseUrl);
  const database = decodeURIComponent(u.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`the cluster's database must be a plain name, got "${database}"`);
  const admin = knexFactory({ client: 'pg', connection: withDatabase(databaseUrl, 'postgres'), pool: { min: 0, max: 1 } });
  try {
    const exists = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [database]);
    if (!exists.rows.length) await admin.raw('CREATE DATABASE ??', [database]);
  } finally {
    await admin.destroy();
  }
  const owner = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    for (const ext of ['cube', 'earthdistance', 'pg_trgm']) await owner.raw(`CREATE EXTENSION IF NOT EXISTS ${ext} SCHEMA public`);
  } finally {
    await owner.destroy();
  }
}

/** What a hot standby needs to be at least as large as on its primary, read from the primary. */
async function primarySettings(databaseUrl: string): Promise<Record<string, string>> {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    const names = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
    const { rows } = (await db.raw('SELECT name, setting FROM pg_settings WHERE name = ANY(?)', [names])) as { rows: { name: string; setting: string }[] };
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await db.destroy();
  }
}

const REPLICATION_REFUSED = /no pg_hba\.conf entry for replication connection/;

/**
 * A streaming replica of the primary's whole server: `pg_basebackup -R` into `dir/replica`, started on
 * `port` as a hot standby (read-only, replaying the primary's WAL as it comes). No replication slot is
 * made, so a replica that is gone never holds WAL back on the primary.
 */
async function startReplica(dir: string, databaseUrl: string, port: number, log: (l: string) => void): Promise<Guarded> {
  const data = path.join(dir, 'replica');
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const u = new URL(databaseUrl);
  const started = Date.now();
  try {
    const argv = asPostgres([
      `${PG_BIN}/pg_basebackup`,
      '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username) || 'postgres',
      '-D', data, '-X', 'stream', '-R', '--checkpoint=fast', '--no-sync',
    ]);
    await run(argv[0]!, argv.slice(1), { env: { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) } });
  } catch (error) {
    const text = String((error as { stderr?: string }).stderr ?? (error as Error).message);
    if (REPLICATION_REFUSED.test(text)) {
      throw new Error(
        `the primary (${u.hostname}:${u.port || 5432}) refuses replication connections. Add this line to its pg_hba.conf and reload it ` +
          `(SELECT pg_reload_conf()):\n  host replication ${decodeURIComponent(u.username) || 'postgres'} 127.0.0.1/32 trust\n` +
          'or run without the replica (--no-replica).',
      );
    }
    throw new Error(`pg_basebackup failed: ${text.trim()}`);
  }
  log(`  base backup taken in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const settings = await primarySettings(databaseUrl);
  fs.writeFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      // A standby's limits are at least its primary's (PostgreSQL refuses to start otherwise).
      ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
      'shared_buffers = 64MB',
      `hba_file = '${path.join(data, 'pg_hba.conf')}'`,
      'fsync = off',
      'max_standby_streaming_delay = 5s',
      'hot_standby_feedback = on',
      "log_min_messages = 'warning'",
    ].join('\n') + '\n',
  );
  fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', data]);
  // Fast shutdown (SIGINT): a smart one (SIGTERM) would wait for every client to leave.
  const replica = startGuarded('replica', asPostgres([`${PG_BIN}/postgres`, '-D', data]), { dir, signal: 'INT', cwd: dir });
  await waitUntil('the replica', accepts(port), 60_000, () => replica.guard.exitCode !== null, path.join(dir, 'replica.log'));
  return replica;
}

/** PgBouncer in session mode in front of the primary (and the replica): what the instances connect to. */
async function startPgbouncer(dir: string, databaseUrl: string, replicaPort: number | null, port: number, poolSize: number): Promise<Guarded> {
  const u = new URL(databaseUrl);
  const db = decodeURIComponent(u.pathname.slice(1));
  const user = decodeURIComponent(u.username) || 'postgres';
  const conf = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    conf,
    [
      '[databases]',
      `${db} = host=${u.hostname} port=${u.port || 5432} dbname=${db} user=${user}`,
      ...(replicaPort ? [`${db}_replica = host=127.0.0.1 port=${replicaPort} dbname=${db} user=${user}`] : []),
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      // Session mode: a client keeps its server connection, so named prepared statements (server/db/rows.ts),
      // LISTEN (the realtime bus) and session settings work as on a direct connection.
      'pool_mode = session',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      'server_reset_query = DISCARD ALL',
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    ].join('\n') + '\n',
  );
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const bouncer = startGuarded('pgbouncer', asPostgres(['/usr/sbin/pgbouncer', conf]), { dir, signal: 'INT' });
  await waitUntil('pgbouncer', accepts(port), 30_000, () => bouncer.guard.exitCode !== null, path.join(dir, 'pgbouncer.log'));
  return bouncer;
}

/** HAProxy's configuration: round robin over the instances, /readyz checks every second, retries of refused connections. */
export function haproxyConfig(port: number, backends: { name: string; port: number }[], adminSocket?: string): string {
  return [
    'global',
    '  maxconn 4096',
    ...(adminSocket ? [`  stats socket ${adminSocket} mode 600 level admin`] : []),
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option http-keep-alive',
    '  timeout connect 1s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-request 10s',
    '  timeout queue 5s',
    // A connection an instance refused (it is gone) is tried again on another one: nothing reached the
    // app. A request that reached an instance that then died is the client's to retry (with its
    // idempotency key or event id), never the proxy's: it cannot know what the app did.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    // Metrics are for the scraper on each instance, never the public side.
    '  http-request deny deny_status 404 if { path /metrics } || { path_beg /metrics/ }',
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // A check waits up to 3 s: on a saturated machine /readyz can take over a second, and a 1 s check
    // timeout took the only instance out of the balancer (every request a 503) in the first full run.
    '  timeout check 3s',
    '  default-server inter 1s fall 3 rise 2 maxconn 200',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
  ].join('\n') + '\n';
}

/** One command on HAProxy's admin socket; its answer. */
function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString()));
    socket.on('end', () => resolve(out.trim()));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}

/** Starts the whole topology; on any failure stops what it had started. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-cluster-'));
  fs.chmodSync(dir, 0o755);
  const started: Guarded[] = [];
  let s3Server: { close(): Promise<unknown> } | null = null;
  const stopAll = async () => {
    // Front to back: the balancer, then the apps and the worker together, the pooler, the replica.
    const stage = (names: (n: string) => boolean) => Promise.all(started.filter((g) => names(g.name)).map((g) => stopGuarded(g).catch(() => undefined)));
    await stage((n) => n === 'haproxy');
    await stage((n) => /^(app\d+|worker)$/.test(n));
    await stage((n) => n === 'pgbouncer');
    await stage((n) => n === 'replica');
    await s3Server?.close().catch(() => undefined);
    if (!process.env.CLUSTER_KEEP_DIR) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    await ensureDatabase(options.databaseUrl);
    const database = decodeURIComponent(new URL(options.databaseUrl).pathname.slice(1));

    log('starting the S3 fake (s3rver)…');
    const { default: S3rver } = await import('s3rver');
    // The bucket lives as long as the database it goes with (the seeds put their images in it once).
    const s3Dir = path.join(repoRoot, '.data', 'cluster-s3', database);
    fs.mkdirSync(s3Dir, { recursive: true });
    const bucket = 'bachat-cluster';
    const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: bucket, configs: [] }] });
    const s3Address = (await s3.run()) as AddressInfo;
    s3Server = s3;
    const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;

    let replicaPort: number | null = null;
    if (options.replica) {
      replicaPort = await freePort();
      log(`starting a streaming replica of ${new URL(options.databaseUrl).host} on port ${replicaPort} (pg_basebackup)…`);
      started.push(await startReplica(dir, options.databaseUrl, replicaPort, log));
    }

    const bouncerPort = await freePort();
    const poolMax = options.poolMax ?? 6;
    log(`starting PgBouncer (session mode) on port ${bouncerPort}…`);
    started.push(await startPgbouncer(dir, options.databaseUrl, replicaPort, bouncerPort, options.instances * (poolMax + 1) + poolMax + 4));
    const pooledUrl = withDatabase(options.databaseUrl, database, bouncerPort);
    const replicaUrl = replicaPort ? withDatabase(options.databaseUrl, `${database}_replica`, bouncerPort) : null;

    const smsOutbox = path.join(dir, 'sms-outbox.jsonl');
    const common: Record<string, string> = {
      ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !/^(PORT|HOST|DATABASE_URL|READ_DATABASE_URL|DATA_DIR)$/.test(e[0]))),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'cluster-secret-0123456789abcdef0123456789',
      DATABASE_URL: pooledUrl,
      ...(replicaUrl ? { READ_DATABASE_URL: replicaUrl } : {}),
      DATABASE_POOL_MAX: String(poolMax),
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      JOB_WORKERS: 'separate',
      TRUST_PROXY: '127.0.0.1',
      SMS_OUTBOX_FILE: smsOutbox,
      ...options.env,
    };
    const appEnv = (name: string, port: number): NodeJS.ProcessEnv => {
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir, { recursive: true });
      return { ...common, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    };

    const instances: (Instance & { g: Guarded })[] = [];
    const startInstance = async (i: number) => {
      const name = `app${i}`;
      const port = await freePort();
      const g = startGuarded(name, [process.execPath, '--import', 'tsx', 'server/index.ts'], { dir, env: appEnv(name, port) });
      started.push(g);
      const pid = await g.pid;
      await waitUntil(name, answers(`http://127.0.0.1:${port}/readyz`), 180_000, () => g.guard.exitCode !== null || g.guard.signalCode !== null, path.join(dir, `${name}.log`));
      const instance = {
        name,
        port,
        pid,
        g,
        alive: () => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        },
      };
      instances.push(instance);
      return instance;
    };
    // The first one migrates and seeds; the others start on the ready schema.
    log('starting app1 (migrates and seeds)…');
    await startInstance(1);
    log(`starting ${options.instances - 1} more instances and the worker…`);
    await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => startInstance(i + 2)));
    instances.sort((a, b) => a.name.localeCompare(b.name));
    const worker = startGuarded('worker', [process.execPath, '--import', 'tsx', 'server/worker.ts'], { dir, env: appEnv('worker', 0) });
    started.push(worker);
    await worker.pid;

    const port = options.port;
    const cfg = path.join(dir, 'haproxy.cfg');
    const adminSocket = path.join(dir, 'haproxy.sock');
    fs.writeFileSync(cfg, haproxyConfig(port, instances.map((i) => ({ name: i.name, port: i.port })), adminSocket));
    await run('/usr/sbin/haproxy', ['-c', '-q', '-f', cfg]);
    const haproxy = startGuarded('haproxy', ['/usr/sbin/haproxy', '-db', '-f', cfg], { dir, signal: 'TERM' });
    started.push(haproxy);
    const url = `http://127.0.0.1:${port}`;
    await waitUntil('haproxy', answers(`${url}/readyz`), 30_000, () => haproxy.guard.exitCode !== null, path.join(dir, 'haproxy.log'));

    return {
      url,
      dir,
      instances: instances.map(({ g: _g, ...i }) => i),
      databaseUrl: options.databaseUrl,
      pooledUrl,
      replicaUrl,
      s3: { endpoint: s3Endpoint, bucket },
      smsOutbox,
      kill(name) {
        const instance = instances.find((i) => i.name === name);
        if (!instance) throw new Error(`no instance ${name}`);
        process.kill(instance.pid, 'SIGKILL');
      },
      async route(names) {
        for (const i of instances) await haproxyCommand(adminSocket, `${names.includes(i.name) ? 'enable' : 'disable'} server app/${i.name}`);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll().catch((e: unknown) => log(`(cleaning up: ${(e as Error).message})`));
    throw error;
  }
}
