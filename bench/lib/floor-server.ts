import fs from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The framework floor of the throughput lines (issue 18): a bare `node:http` server that answers each
 * path the bench calls with the same JSON the app answered it with, serialised per request and
 * Brotli-compressed the way the app compresses (quality 4, from 1 KiB) when the request accepts it,
 * with no database, router, middleware or logging. What the app does above this is what Koa, tRPC,
 * validation, the query and the log line cost.
 *
 * Run on its own (`node --import tsx bench/lib/floor-server.ts <bodies.json> <port>`), so it gets a
 * process of its own as the app does; `createFloorServer` is the same thing in-process.
 */
export function createFloorServer(bodies: Record<string, unknown>): http.Server {
  return http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = bodies[path];
      if (body === undefined) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not found"}');
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
  const server = createFloorServer(JSON.parse(fs.readFileSync(file!, 'utf8')) as Record<string, unknown>);
  server.keepAliveTimeout = 120_000;
  server.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
}
