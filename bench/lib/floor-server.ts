import fs from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';
import { plainSql, type PlainSql, type PlainStatement } from './plain-sql.ts';

/**
 * The framework floor of the throughput lines (issue 18): a bare `node:http` server that answers each
 * path the bench calls with the same JSON the app answered it with, serialised per request and
 * Brotli-compressed the way the app compresses (quality 4, from 1 KiB) when the request accepts it,
 * with no database, router, middleware or logging. What the app does above this is what Koa, tRPC,
 * validation, the query and the log line cost.
 *
 * With `queries` it is the database floor the CEO set for throughput (issue 31): before answering, it
 * runs the call's very statements over the plain driver (`pg`, prepared under the same names as the
 * service prepares them; PGlite when embedded), one input after another as the app's calls cycle, and
 * then sends the same JSON. What the app does above that is the framework: Koa, validation, Knex, the
 * row mapping, the log line.
 *
 * Run on its own (`node --import tsx bench/lib/floor-server.ts <floor.json> <port>`), so it gets a
 * process of its own as the app does; `createFloorServer` is the same thing in-process.
 */
export interface FloorQueries {
  sql: PlainSql;
  /** Per path, the statements of each input, in the order the app's calls cycle through them. */
  statements: Record<string, PlainStatement[][]>;
}

export function createFloorServer(bodies: Record<string, unknown>, queries?: FloorQueries): http.Server {
  const next: Record<string, number> = {};
  const run = async (path: string) => {
    const inputs = queries?.statements[path];
    if (!queries || !inputs?.length) return;
    const i = (next[path] = ((next[path] ?? -1) + 1) % inputs.length);
    for (const statement of inputs[i]!) await queries.sql.planned(statement);
  };
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = bodies[path];
      if (body === undefined) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      try {
        await run(path);
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: (error as Error).message }));
        return;
      }
      const text = Buffer.from(JSON.stringify(body));
      const wantsBr = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (wantsBr && text.length >= 1024) {
        const br = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'br', 'Content-Length': br.length, Vary: 'Accept-Encoding' });
        res.end(br);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': text.length, Vary: 'Accept-Encoding' });
        res.end(text);
      }
    });
  });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [file, port] = process.argv.slice(2);
  const floor = JSON.parse(fs.readFileSync(file!, 'utf8')) as {
    bodies: Record<string, unknown>;
    statements?: Record<string, PlainStatement[][]>;
    connectionString?: string;
  };
  const queries = floor.statements && floor.connectionString ? { sql: plainSql(null, { connectionString: floor.connectionString }), statements: floor.statements } : undefined;
  const server = createFloorServer(floor.bodies, queries);
  server.keepAliveTimeout = 120_000;
  server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
}
