import { startCluster } from '../ops/cluster.ts';
import { restSmoke } from '../ops/smoke.ts';

/**
 * `npm run cluster [-- --instances=3 --port=4000 --no-replica]`: the production topology on this
 * machine (server/ops/cluster.ts): HAProxy on --port in front of N instances and a worker,
 * PgBouncer, a streaming replica of the PostgreSQL in DATABASE_URL (default the local server's
 * `bachat_cluster` database) and a local S3. Ctrl-C stops all of it. `--smoke` runs the journeys' REST
 * checks through the balancer (server/ops/smoke.ts) and stops. docs/operations.md, "A local cluster".
 */
const args = process.argv.slice(2);
const value = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const instances = Number(value('instances') ?? 3);
const port = Number(value('port') ?? 4000);
const known = /^--(instances|port)=\d+$|^--no-replica$|^--smoke$/;
const unknown = args.filter((a) => !known.test(a));
if (unknown.length || !(instances >= 1 && instances <= 8) || !(port > 0 && port < 65536)) {
  process.stderr.write(`Usage: npm run cluster -- [--instances=1..8] [--port=4000] [--no-replica]${unknown.length ? ` (unknown: ${unknown.join(' ')})` : ''}\n`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bachat_cluster';
const print = (line: string) => process.stdout.write(`${line}\n`);

const cluster = await startCluster({ instances, port, databaseUrl, replica: !args.includes('--no-replica'), log: print }).catch((error: unknown) => {
  process.stderr.write(`The cluster did not start: ${(error as Error).message}\n`);
  process.exit(1);
});
print(`\nBachat is up at ${cluster.url}  (Ctrl-C stops everything)`);
print(`  instances: ${cluster.instances.map((i) => `${i.name} :${i.port} (pid ${i.pid})`).join(', ')}`);
print(`  primary ${new URL(cluster.databaseUrl).host} through PgBouncer ${new URL(cluster.pooledUrl).host}; replica ${cluster.replicaUrl ? new URL(cluster.replicaUrl).pathname.slice(1) : 'none'}`);
print(`  S3 ${cluster.s3.endpoint}/${cluster.s3.bucket}; metrics: curl http://127.0.0.1:<instance port>/metrics; logs in ${cluster.dir}`);

if (args.includes('--smoke')) {
  // The journeys' REST checks through the balancer, then stop (exit code 1 when one failed).
  print('\nREST smoke through HAProxy:');
  const results = await restSmoke(cluster.url, { smsOutbox: cluster.smsOutbox, log: print });
  const failed = results.filter((r) => !r.ok).length;
  print(`${results.length - failed} passed, ${failed} failed`);
  await cluster.stop();
  process.exit(failed ? 1 : 0);
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  print(`\n${signal}: stopping the cluster…`);
  await cluster.stop();
  print('stopped');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// Keeps the process alive until a signal.
setInterval(() => undefined, 1 << 30);
