import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { useTestDatabase } from '../test/setup.ts';
import { TEST_SECRET, createTestApp } from '../test/app.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';

useTestDatabase();

const RAZORPAY = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_test_abcdef123456',
  RAZORPAY_KEY_SECRET: 'key-secret-123',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-123',
};

/** The real app over a tiny fake dist/ (both front ends: an index.html and one hashed asset each). */
function withDist(env: Record<string, string> = {}) {
  const t = createTestApp({ env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: TEST_SECRET, DATA_DIR: 'memory', ...env }) });
  const dist = path.join(t.dataDir, 'dist');
  for (const app of ['client', 'admin']) {
    fs.mkdirSync(path.join(dist, app, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, app, 'index.html'), `<title>${app}</title>`);
    fs.writeFileSync(path.join(dist, app, 'assets', 'main-abc123.js'), `console.info(${JSON.stringify(app)})`);
  }
  fs.writeFileSync(path.join(dist, 'client', 'sw.js'), 'importScripts("/workbox-1.js")');
  return t;
}

/** `{ directive: [sources] }` of a Content-Security-Policy header. */
function directives(header: string | undefined): Record<string, string[]> {
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PAGES = [
  ['the shopper home', '/', 'client'],
  ['a shopper route', '/bengaluru/some-outlet', 'client'],
  ['the business pages', '/for-bussiness/login', 'client'],
  ['the back office', '/clientpage/sales/', 'admin'],
  ['the back office without a slash', '/clientpage/sales', 'admin'],
] as const;

describe('Content-Security-Policy on every HTML page', () => {
  it.each(PAGES)('%s (%s) gets a strict policy', async (_, url, kind) => {
    const { request } = withDist();
    const res = await request.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toBe(`<title>${kind}</title>`);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'img-src': kind === 'client' ? ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'] : ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
    // Inline styles only where MUI's emotion needs them (the back office); inline scripts nowhere.
    expect(csp['style-src']).toEqual(kind === 'admin' ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|razorpay|\*/);
  });

  it('rules the service worker and the assets served with the page too', async () => {
    const { request } = withDist();
    for (const url of ['/sw.js', '/assets/main-abc123.js', '/clientpage/sales/assets/main-abc123.js']) {
      const res = await request.get(url);
      expect(res.status, url).toBe(200);
      expect(directives(res.headers['content-security-policy'])['script-src'], url).toEqual(["'self'"]);
    }
  });

  it('allows Razorpay Checkout on the shopper pages only when PAYMENT_PROVIDER=razorpay', async () => {
    const sandbox = withDist();
    expect((await sandbox.request.get('/')).headers['content-security-policy']).not.toContain('razorpay');

    const { request } = withDist(RAZORPAY);
    for (const url of ['/', '/for-bussiness/login']) {
      const csp = directives((await request.get(url)).headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual(["'self'", 'https://checkout.razorpay.com']);
      expect(csp['frame-src'], url).toEqual(['https://api.razorpay.com']);
      expect(csp['connect-src'], url).toEqual(["'self'", 'https://api.razorpay.com']);
    }
    // The back office never takes payments.
    expect((await request.get('/clientpage/sales/')).headers['content-security-policy']).not.toContain('razorpay');
  });
});

describe('the home map’s tiles (MAP_TILE_URL)', () => {
  it('are allowed as images from their origin on the shopper pages only, subdomains as a wildcard', async () => {
    const local = withDist({ MAP_TILE_URL: 'http://127.0.0.1:3199/tiles/{z}/{x}/{y}.png' });
    const client = directives((await local.request.get('/')).headers['content-security-policy']);
    expect(client['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:3199']);
    expect(directives((await local.request.get('/clientpage/sales/')).headers['content-security-policy'])['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const sub = withDist({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png' });
    expect(directives((await sub.request.get('/')).headers['content-security-policy'])['img-src']).toContain('https://*.tiles.example.org');
  });

  it('must be a tile template', () => {
    const bad = (MAP_TILE_URL: string) => () => parseEnv({ NODE_ENV: 'test', APP_SECRET: TEST_SECRET, MAP_TILE_URL });
    expect(bad('ftp://tiles.example.org/{z}/{x}/{y}.png')).toThrow(/MAP_TILE_URL/);
    expect(bad('https://tiles.example.org/tile.png')).toThrow(/MAP_TILE_URL/);
    expect(bad("https://tiles.example.org/{z}/{x}/{y}.png'; script-src *")).toThrow(/MAP_TILE_URL/);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent in production, on pages and API answers alike', async () => {
    const { request } = withDist({ ...PRODUCTION_ENV });
    for (const url of ['/', '/clientpage/sales/', '/healthz', '/api/no/such/thing']) {
      expect((await request.get(url)).headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent outside production', async () => {
    for (const NODE_ENV of ['test', 'development']) {
      const { request } = withDist({ NODE_ENV });
      for (const url of ['/', '/healthz']) expect((await request.get(url)).headers, `${NODE_ENV} ${url}`).not.toHaveProperty('strict-transport-security');
    }
  });
});

describe('the front ends carry no inline script', () => {
  /** `<script>` elements without a `src`: what a strict script-src would block. */
  const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs]) => !/\bsrc\s*=/.test(attrs!));
  const root = path.resolve(import.meta.dirname, '../..');

  it.each(['client/index.html', 'admin/index.html'])('%s', (file) => {
    const html = fs.readFileSync(path.join(root, file), 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers either
  });

  it('nor does the PWA plugin inject one (the app registers its service worker from its own code)', () => {
    const config = fs.readFileSync(path.join(root, 'client/vite.config.ts'), 'utf8');
    expect(config).toMatch(/injectRegister:\s*false/);
    expect(fs.readFileSync(path.join(root, 'client/boot.tsx'), 'utf8')).toMatch(/registerServiceWorkerWhenIdle\(\)/);
  });
});
