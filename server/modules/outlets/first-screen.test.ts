import fs from 'node:fs';
import path from 'node:path';
import superjson from 'superjson';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/setup.ts';
import { createTestApp } from '../../test/app.ts';
import { testDb } from '../../test/database.ts';
import { addPhoto, insertOutlet, insertReference, type Ref } from '../../test/factories.ts';
import { inlineStyleHashes } from '../../http/security-headers.ts';
import { jsonForHtml } from '../../http/static.ts';
import { SHOPPER_SIGNED_IN_COOKIE } from '../sessions/schema.ts';

useTestDatabase();

const shell = (name: string) =>
  `<!doctype html><html><head><style>.${name}{}</style></head><body><div id="root">${name}</div><script type="module" src="/assets/main.js"></script></body></html>`;

/** The app over a fake client build with the home, outlet and route-neutral shells. */
function appWithShells() {
  const t = createTestApp();
  const dist = path.join(t.dataDir, 'dist', 'client');
  fs.mkdirSync(path.join(dist, 'shells'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), shell('home'));
  fs.writeFileSync(path.join(dist, 'shell.html'), shell('neutral'));
  fs.writeFileSync(path.join(dist, 'shells/outlet.html'), shell('outlet'));
  fs.writeFileSync(path.join(dist, 'shells/enter-amount.html'), shell('enter-amount'));
  fs.writeFileSync(
    path.join(dist, 'shells.json'),
    JSON.stringify({
      routes: [
        { pattern: '^\\/?$', flags: 'i', file: 'index.html' },
        { pattern: '^\\/profile\\/?$', flags: 'i', file: 'shell.html' },
        { pattern: '^\\/enter-amount\\/(?<outletId>[^/]+?)\\/?$', flags: 'i', file: 'shells/enter-amount.html' },
        { pattern: '^\\/(?<first>[a-z0-9-]+)\\/(?<name>[a-z0-9-]+)(?:\\/[a-z-]+\\/(?<id>\\d+))?\\/?$', flags: '', file: 'shells/outlet.html' },
      ],
      fallback: 'shell.html',
    }),
  );
  return t;
}

type Sent = { calls: { path: string; input: unknown; result: Parameters<typeof superjson.deserialize>[0] }[] };
const sentOf = (html: string): Sent | null => {
  const m = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Sent) : null;
};

let ref: Ref;
beforeEach(async () => {
  ref = await insertReference();
});

describe('the first screen’s data in the page (issue 18)', () => {
  it('home: the list with no place or city, the cities and categories, and the first pictures preloaded', async () => {
    const { request } = appWithShells();
    const a = await insertOutlet(ref, { name: 'Anand Sweets', km: 1 });
    await insertOutlet(ref, { name: 'Zaffran', km: 2 });
    await addPhoto(a, 'storefront', 0, 'seed/sweets.svg');
    const res = await request.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const sent = sentOf(res.text)!;
    expect(sent.calls.map((c) => c.path)).toEqual(['cities.list', 'categories.list', 'outlets.nearby']);
    const nearby = sent.calls[2]!;
    expect(nearby.input).toEqual({ noLocation: true, openNow: false, veg: false, offSet: 1, limit: 16 });
    const list = superjson.deserialize(nearby.result) as { items: { name: string }[]; totalCount: number };
    expect(list.items.map((o) => o.name)).toEqual(['Anand Sweets', 'Zaffran']);
    // Plain JSON (no superjson `meta`): the client reads these without loading superjson (prefetch.ts).
    expect(sent.calls.map((c) => c.result.meta)).toEqual([undefined, undefined, undefined]);
    expect(res.text).toContain('<link rel="preload" as="image" href="/uploads/seed/sweets.svg" fetchpriority="high">');
    // The page is the shell around it, and the CSP still allows exactly its inline styles.
    expect(res.text).toContain('<div id="root">home</div>');
    const styleSrc = /(?:^|; )style-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(styleSrc).toBe(["'self'", ...inlineStyleHashes(shell('home'))].join(' '));
  });

  it('an outlet page: its details by path, or by the id of an in-store link; none for a missing outlet', async () => {
    const { request } = appWithShells();
    const id = await insertOutlet(ref, { name: 'Anand Sweets', km: 1 });
    const { slug } = (await testDb()('outlets').where({ id }).first('slug'))!;
    const byPath = sentOf((await request.get(`/bengaluru/${slug}`)).text)!;
    expect(byPath.calls).toHaveLength(1);
    expect(byPath.calls[0]).toMatchObject({ path: 'outlets.bySlug', input: { first: 'bengaluru', slug } });
    expect((superjson.deserialize(byPath.calls[0]!.result) as { id: number }).id).toBe(id);
    expect(byPath.calls[0]!.result.meta).toBeUndefined();
    const byId = sentOf((await request.get(`/restaurants/${slug}/instore-offers/${id}`)).text)!;
    expect(byId.calls[0]).toMatchObject({ path: 'outlets.byId', input: { outletId: id } });
    const missing = await request.get('/bengaluru/no-such-outlet');
    expect(missing.status).toBe(200);
    expect(sentOf(missing.text)).toBeNull();
    expect(missing.text).toBe(shell('outlet'));
    // Other pages carry none.
    expect(sentOf((await request.get('/profile')).text)).toBeNull();
  });

  it('cannot be broken out of by what the data holds', async () => {
    const { request } = appWithShells();
    await insertOutlet(ref, { name: '</script><script>alert(1)</script><!--', km: 1 });
    const html = (await request.get('/')).text;
    expect(html.match(/<script/g)).toHaveLength(2); // the data block and the app's own module
    const list = superjson.deserialize(sentOf(html)!.calls[2]!.result) as { items: { name: string }[] };
    expect(list.items[0]!.name).toBe('</script><script>alert(1)</script><!--');
    expect(jsonForHtml({ a: '\u2028<' })).toBe('{"a":"\\u2028\\u003c"}');
  });
});

describe('the home page rendered on the server (issue 18)', () => {
  /** The shells as the build writes them (`#root` marked inert, its end marked), and a stand-in SSR build. */
  function appWithRenderer(render: string) {
    const t = appWithShells();
    const dist = path.join(t.dataDir, 'dist');
    const marked = (name: string) => shell(name).replace(`<div id="root">${name}</div>`, `<div id="root" inert>${name}</div><!--/root-->`);
    fs.writeFileSync(path.join(dist, 'client', 'index.html'), marked('home'));
    fs.writeFileSync(path.join(dist, 'client', 'shell.html'), marked('neutral'));
    fs.writeFileSync(path.join(dist, 'client', 'shells/enter-amount.html'), marked('enter-amount'));
    fs.mkdirSync(path.join(dist, 'client-server'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'client-server', 'server-render.js'), render);
    return t;
  }
  const renderer = `export function rendersOnServer(pathname, search, signedIn) {
    return search === '' && (pathname === '/' || (pathname.startsWith('/enter-amount/') && !signedIn));
  }
  export async function renderFirstScreen({ pathname, locale, calls }) {
    if (pathname.startsWith('/enter-amount/')) return '<main>sign in to pay</main>';
    return '<main>' + calls.length + ' answers, in ' + locale + '</main>';
  }`;

  it('puts the rendered page in place of the shell, marked for hydration, with the data it was rendered from', async () => {
    const { request } = appWithRenderer(renderer);
    await insertOutlet(ref, { name: 'Anand Sweets', km: 1 });
    const res = await request.get('/').set('Accept-Language', 'hi-IN,hi');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root" inert data-ssr><main>3 answers, in hi</main></div><!--/root-->');
    expect(res.text).not.toContain('>home<');
    expect(sentOf(res.text)!.calls.map((c) => c.path)).toEqual(['cities.list', 'categories.list', 'outlets.nearby']);
    // Whether it is rendered depends on the cookies: caches keep the two apart.
    expect(String(res.headers.vary)).toMatch(/\bCookie\b/);
  });

  it('sends the shell to a browser with a place or city chosen, or the location granted, and for any other page or a query', async () => {
    const { request } = appWithRenderer(renderer);
    for (const cookie of ['browse=1', 'located=1', 'lang=en; browse=1']) {
      const res = await request.get('/').set('Cookie', cookie);
      expect(res.text, cookie).toContain('<div id="root" inert>home</div>');
    }
    expect((await request.get('/?q=chai')).text).toContain('<div id="root" inert>home</div>');
    expect((await request.get('/profile')).text).toContain('<div id="root" inert>neutral</div>');
  });

  it('renders a signed-out shopper’s enter-amount page, and sends a signed-in one the shell', async () => {
    const { request } = appWithRenderer(renderer);
    expect((await request.get('/enter-amount/45')).text).toContain('<div id="root" inert data-ssr><main>sign in to pay</main></div>');
    expect((await request.get('/enter-amount/45').set('Cookie', `${SHOPPER_SIGNED_IN_COOKIE}=1`)).text).toContain('<div id="root" inert>enter-amount</div>');
  });

  it('sends the shell when the render fails, and without the SSR build', async () => {
    const failing = appWithRenderer(`export const rendersOnServer = () => true;
      export async function renderFirstScreen() { throw new Error('boom'); }`);
    const res = await failing.request.get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root" inert>home</div>');
    expect(sentOf(res.text)).not.toBeNull();
    const { request } = appWithShells();
    const plain = await request.get('/');
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('<div id="root">home</div>');
  });
});
