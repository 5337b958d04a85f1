import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp } from '../test/app.ts';
import { insertCategory } from '../test/factories.ts';
import { COMPRESS_THRESHOLD_BYTES, SYNC_COMPRESS_MAX_BYTES, compressibleType, compression } from './compress.ts';
import { inlineStyleHashes } from './security-headers.ts';

useTestDatabase();

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire (still encoded). */
  raw: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** A real socket and the bytes as sent: supertest would decode them before we could look. */
async function listen(callback: http.RequestListener): Promise<(p: string, headers?: Record<string, string>, method?: string) => Promise<RawResponse>> {
  const server = http.createServer(callback);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return (p, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: p, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => {
          const raw = Buffer.concat(parts);
          const coding = res.headers['content-encoding'];
          const decoded = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode!, headers: res.headers, raw, text: decoded.toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end();
    });
}

const CHROME = 'gzip, deflate, br, zstd';
const varyOf = (r: RawResponse) => String(r.headers.vary ?? '').toLowerCase();

describe('compressibleType', () => {
  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['text/html; charset=utf-8', true],
    ['text/csv', true],
    ['application/javascript', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['text/event-stream; charset=utf-8', false],
    ['image/png', false],
    ['image/webp', false],
    ['application/octet-stream', false],
    ['application/pdf', false],
    [undefined, false],
  ])('%s → %s', (type, expected) => {
    expect(compressibleType(type)).toBe(expected);
  });
});

describe('compression() on a bare Koa app', () => {
  const big = { items: Array.from({ length: 80 }, (_, i) => ({ id: i, name: `Outlet number ${i}`, locality: 'Indiranagar' })) };
  const huge = { items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Outlet number ${i}`, locality: 'Indiranagar' })) };
  const hugeIdentity = JSON.stringify(huge);
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    if (ctx.path === '/big') ctx.body = big;
    else if (ctx.path === '/huge') ctx.body = huge;
    else if (ctx.path === '/small') ctx.body = { ok: true };
    else if (ctx.path === '/events') {
      ctx.type = 'text/event-stream';
      ctx.body = `data: ${'x'.repeat(4000)}\n\n`;
    } else if (ctx.path === '/png') {
      ctx.type = 'image/png';
      ctx.body = Buffer.alloc(4000, 7);
    } else if (ctx.path === '/opted-out') {
      ctx.compress = false;
      ctx.body = big;
    } else if (ctx.path === '/precompressed') {
      ctx.type = 'application/javascript';
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = gzipSync('x'.repeat(4000));
    }
  });
  let get: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    get = await listen(app.callback());
  });
  const identity = JSON.stringify(big);

  it('compresses a JSON body over the threshold with Brotli when the browser accepts it', async () => {
    expect(Buffer.byteLength(identity)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const r = await get('/big', { 'Accept-Encoding': CHROME });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varyOf(r)).toContain('accept-encoding');
    expect(r.raw.length).toBeLessThan(Buffer.byteLength(identity) / 3);
    expect(r.text).toBe(identity);
  });

  it('compresses an answer up to 64 KiB in one call, with its length; a bigger one as a stream; both the same JSON', async () => {
    const r = await get('/big', { 'Accept-Encoding': CHROME });
    expect(Number(r.headers['content-length'])).toBe(r.raw.length);
    const huge = await get('/huge', { 'Accept-Encoding': CHROME });
    expect(Buffer.byteLength(hugeIdentity)).toBeGreaterThan(SYNC_COMPRESS_MAX_BYTES);
    expect(huge.headers['content-encoding']).toBe('br');
    expect(huge.headers['content-length']).toBeUndefined();
    expect(huge.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(huge.text).toBe(hugeIdentity);
    // A weighted Brotli is negotiated by koa-compress, as before.
    const weighted = await get('/big', { 'Accept-Encoding': 'br;q=0.8, gzip' });
    expect(weighted.headers['content-encoding']).toBe('gzip');
    expect(weighted.text).toBe(identity);
  });

  it('uses gzip when that is all the request accepts, or when Brotli is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, identity;q=0.1']) {
      const r = await get('/big', { 'Accept-Encoding': accept });
      expect(r.headers['content-encoding'], accept).toBe('gzip');
      expect(r.text, accept).toBe(identity);
    }
  });

  it('sends the body as it is without an Accept-Encoding, still saying it varies', async () => {
    const r = await get('/big');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.text).toBe(identity);
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(identity));
    expect(varyOf(r)).toContain('accept-encoding');
  });

  it('leaves bodies under the threshold alone', async () => {
    const r = await get('/small', { 'Accept-Encoding': CHROME });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.text).toBe('{"ok":true}');
  });

  it('never compresses Server-Sent Events, images that are compressed already, or an opted-out answer', async () => {
    for (const p of ['/events', '/png', '/opted-out']) {
      const r = await get(p, { 'Accept-Encoding': CHROME });
      expect(r.headers['content-encoding'], p).toBeUndefined();
    }
    expect((await get('/events', { 'Accept-Encoding': CHROME })).headers['content-type']).toMatch(/^text\/event-stream/);
  });

  it('does not encode twice a body that carries its own Content-Encoding', async () => {
    const r = await get('/precompressed', { 'Accept-Encoding': CHROME });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.text).toBe('x'.repeat(4000));
  });

  it('answers HEAD without a body', async () => {
    const r = await get('/big', { 'Accept-Encoding': CHROME }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.raw.length).toBe(0);
  });
});

describe('the app: API answers and the built front end', () => {
  const js = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
  const css = 'body{margin:0;color:#123}';
  const home = `<!doctype html><html><head><style>${css}</style></head><body><div id="root"><h1>Find savings near you</h1></div></body></html>`;
  const generic = '<!doctype html><html><head><style>main{display:block}</style></head><body><div id="root">loading</div></body></html>';
  const login = '<!doctype html><html><head></head><body><div id="root">business login</div></body></html>';
  const payment = '<!doctype html><html><head><style>.pay{}</style></head><body><div id="root">pay</div></body></html>';
  const homeHi = `<!doctype html><html lang="hi-IN"><head><style>${css}</style></head><body><div id="root"><h1>अपने पास बचत खोजें</h1></div></body></html>`;
  let dist = '';
  let get: Awaited<ReturnType<typeof listen>>;

  /** The app over a fake client build: hashed assets with and without precompressed copies, three shells. */
  beforeAll(async () => {
    const t = createTestApp();
    dist = path.join(t.dataDir, 'dist', 'client');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'shells'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js.gz'), gzipSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'plain-abc123.js'), js); // no precompressed copies
    for (const [file, html] of [
      ['index.html', home],
      ['shell.html', generic],
      ['shells/business-login.html', login],
      ['shells/enter-amount.html', payment],
      ['hi/index.html', homeHi],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      fs.writeFileSync(path.join(dist, file), html);
      fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(html));
      fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(html));
    }
    fs.writeFileSync(
      path.join(dist, 'shells.json'),
      JSON.stringify({
        routes: [
          { pattern: '^\\/?$', flags: 'i', file: 'index.html' },
          { pattern: '^\\/login\\/?$', flags: 'i', file: 'index.html' },
          { pattern: '^\\/for-bussiness\\/login\\/?$', flags: 'i', file: 'shells/business-login.html' },
          { pattern: '^\\/for-bussiness(?=$|\\/)', flags: 'i', file: 'shell.html' },
          { pattern: '^\\/enter-amount\\/([^/]+?)\\/?$', flags: 'i', file: 'shells/enter-amount.html' },
        ],
        fallback: 'shell.html',
        locales: { hi: { 'index.html': 'hi/index.html' } },
      }),
    );
    get = await listen(t.app.callback());
  });

  it('compresses a JSON API answer over the threshold, and its body is the same JSON', async () => {
    for (let i = 0; i < 30; i++) await insertCategory({ name: `Category with a long name ${i}`, slug: `category-${i}` });
    const plain = await get('/api/cmn/category');
    expect(plain.status).toBe(200);
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get('/api/cmn/category', { 'Accept-Encoding': CHROME });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(br.text)).toEqual(JSON.parse(plain.text));
    expect(varyOf(br)).toContain('accept-encoding');
  });

  it('serves a hashed asset precompressed by negotiation, with its own type and the year-long immutable caching', async () => {
    const cases = [
      [CHROME, 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, coding] of cases) {
      const r = await get('/assets/main-abc123.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(r.status, String(accept)).toBe(200);
      expect(r.headers['content-encoding'], String(accept)).toBe(coding);
      expect(r.headers['content-type'], String(accept)).toBe('text/javascript; charset=utf-8');
      expect(r.headers['cache-control'], String(accept)).toBe('max-age=31536000,immutable');
      expect(varyOf(r), String(accept)).toContain('accept-encoding');
      expect(r.text, String(accept)).toBe(js);
      if (coding) expect(Number(r.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'assets', `main-abc123.js.${coding === 'br' ? 'br' : 'gz'}`)).size);
    }
  });

  it('compresses on the fly an asset the build left without precompressed copies', async () => {
    const r = await get('/assets/plain-abc123.js', { 'Accept-Encoding': CHROME });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.text).toBe(js);
    expect(r.headers['cache-control']).toBe('max-age=31536000,immutable');
  });

  it('answers each route with its prerendered shell, compressed, revalidated, with its inline style allowed by hash', async () => {
    const cases = [
      ['/', home],
      ['/login', home],
      ['/index.html', home],
      ['/for-bussiness/login', login],
      ['/for-bussiness/login/', login],
      ['/bengaluru/some-outlet', generic],
      ['/enter-amount/12', payment],
      ['/ENTER-AMOUNT/12/', payment],
      ['/enter-amount/12/extra', generic],
      ['/for-bussiness/account/profile/3', generic],
    ] as const;
    for (const [url, html] of cases) {
      const r = await get(url, { 'Accept-Encoding': CHROME, Accept: 'text/html' });
      expect(r.status, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(varyOf(r), url).toContain('accept-encoding');
      expect(r.text, url).toBe(html);
      const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(String(r.headers['content-security-policy']))![1]!.split(' ');
      expect(styleSrc, url).toEqual(["'self'", ...inlineStyleHashes(html)]);
      expect(styleSrc.join(' '), url).not.toContain('unsafe-inline');
    }
  });

  it('answers a Hindi reader (the lang cookie, else the browser’s languages) with the shell prerendered in Hindi', async () => {
    const readers: Record<string, string>[] = [{ Cookie: 'lang=hi' }, { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' }, { Cookie: 'lang=hi', 'Accept-Language': 'en-IN' }];
    for (const headers of readers) {
      const r = await get('/', { 'Accept-Encoding': CHROME, Accept: 'text/html', ...headers });
      expect(r.text, JSON.stringify(headers)).toBe(homeHi);
      expect(r.headers['content-encoding']).toBe('br');
      expect(varyOf(r)).toMatch(/accept-encoding.*cookie.*accept-language|cookie.*accept-language.*accept-encoding/);
      const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(String(r.headers['content-security-policy']))![1]!.split(' ');
      expect(styleSrc).toEqual(["'self'", ...inlineStyleHashes(homeHi)]);
    }
    // English by cookie even in a Hindi browser; and a route with no Hindi shell keeps its own.
    expect((await get('/', { Cookie: 'lang=en', 'Accept-Language': 'hi-IN' })).text).toBe(home);
    expect((await get('/enter-amount/12', { Cookie: 'lang=hi' })).text).toBe(payment);
  });

  it('serves a shell asked for by its own name (the service worker precaches them)', async () => {
    const r = await get('/shells/business-login.html', { 'Accept-Encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.text).toBe(login);
    expect((await get('/shell.html')).text).toBe(generic);
  });

  it('keeps a missing hashed file a 404, not the app', async () => {
    const r = await get('/assets/gone-123.js', { 'Accept-Encoding': CHROME });
    expect(r.status).toBe(404);
  });
});

describe('inlineStyleHashes', () => {
  it('hashes each inline style block as the browser parses it (CRLF read as LF), once', () => {
    const a = inlineStyleHashes('<style>a{b:c}\r\n</style><p></p><STYLE media="all">a{b:c}\n</STYLE>');
    const b = inlineStyleHashes('<style>a{b:c}\n</style>');
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    // The value the CSP spec defines: base64 of the SHA-256 of the UTF-8 text.
    expect(inlineStyleHashes('<style>body{color:red}</style>')).toEqual(["'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='"]);
    expect(inlineStyleHashes('<p>no styles</p>')).toEqual([]);
  });
});
