import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync } from 'node:zlib';
import { createHttpClient, ok } from './http-client.ts';

/** The benchmarks' hand-written HTTP client against a real node:http server. */
let server: http.Server;
let base: string;
const sockets = new Set<unknown>();
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/chunked') {
        res.write('{"part":');
        setTimeout(() => res.end('"two ✓"}'), 5);
      } else if (req.url === '/missing') {
        res.statusCode = 404;
        res.end('{"message":"No such API path"}');
      } else if (req.url === '/br') {
        res.setHeader('content-encoding', 'br');
        res.end(brotliCompressSync(`accepted: ${req.headers['accept-encoding']} `.repeat(20)));
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('slow'), 20);
      } else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ echo: body, url: req.url }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('bench http client', () => {
  it('sends method, path, query, headers and a JSON body, and reads a Content-Length answer', async () => {
    const client = createHttpClient();
    const res = await client.request('POST', `${base}/api/x?a=1&b=%C3%A9`, { headers: { Authorization: 'Bearer t' }, body: '{"q":"चाय"}' });
    expect(res.status).toBe(200);
    expect(res.body).toBe(JSON.stringify({ echo: '{"q":"चाय"}', url: '/api/x?a=1&b=%C3%A9' }));
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('Bearer t');
    expect(req.headers['content-type']).toBe('application/json');
    client.close();
  });

  it('reads a chunked answer whole, across packets', async () => {
    const client = createHttpClient();
    const res = await client.request('GET', `${base}/chunked`);
    expect([res.status, res.body]).toEqual([200, '{"part":"two ✓"}']);
    client.close();
  });

  it('keeps one connection alive for calls in sequence, and opens more for calls in flight together', async () => {
    const client = createHttpClient({ maxSockets: 3 });
    sockets.clear();
    for (let i = 0; i < 5; i++) ok(await client.request('GET', `${base}/seq`));
    expect(sockets.size).toBe(1);
    sockets.clear();
    const all = await Promise.all(Array.from({ length: 6 }, () => client.request('GET', `${base}/slow`)));
    expect(all.map((r) => r.body)).toEqual(Array(6).fill('slow'));
    expect(sockets.size).toBeLessThanOrEqual(3);
    client.close();
  });

  it('asks for compressed answers as a browser does, and decodes them when read', async () => {
    const client = createHttpClient();
    const res = ok(await client.request('GET', `${base}/br`));
    expect(res.body).toBe('accepted: gzip, deflate, br '.repeat(20));
    expect(res.wireBytes).toBeLessThan(Buffer.byteLength(res.body));
    client.close();
  });

  it('never sends a request over a socket kept alive for another server', async () => {
    const other = http.createServer((req, res) => res.end('other'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const client = createHttpClient();
    for (let i = 0; i < 3; i++) {
      expect(ok(await client.request('GET', `${base}/seq`)).body).toContain('/seq');
      expect(ok(await client.request('GET', `${otherBase}/seq`)).body).toBe('other');
    }
    client.close();
    await new Promise<void>((r) => other.close(() => r()));
  });

  it('ok() fails on an error status with the body', async () => {
    const client = createHttpClient();
    const res = await client.request('GET', `${base}/missing`);
    expect(res.status).toBe(404);
    expect(() => ok(res)).toThrow('HTTP 404: {"message":"No such API path"}');
    client.close();
  });
});
