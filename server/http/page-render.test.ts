import { describe, expect, it, vi } from 'vitest';
import { cachedRenders, withRenderedRoot, type RenderFirstScreen } from './page-render.ts';

describe('withRenderedRoot', () => {
  it('replaces the shell’s #root content, up to the mark the build leaves, and marks it for hydration', () => {
    const html = '<body><div id="root" inert><div class="x">loading</div></div><!--/root--><noscript>x</noscript></body>';
    expect(withRenderedRoot(html, '<p>page</p>')).toBe('<body><div id="root" inert data-ssr><p>page</p></div><!--/root--><noscript>x</noscript></body>');
  });

  it('turns the shell’s modulepreload links into the list the entry loads after the first paint', () => {
    const html =
      '<head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/boot.js">\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/home-page.js">\n    <link rel="stylesheet" crossorigin href="/assets/home.css" disabled>\n  </head>' +
      '<body><div id="root" inert><p>loading</p></div><!--/root--></body>';
    const page = withRenderedRoot(html, '<p>page</p>')!;
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css" disabled>');
    const list = /<script type="application\/json" id="app-code">([^<]*)<\/script>\s*<\/head>/.exec(page);
    expect(JSON.parse(list![1]!)).toEqual(['/assets/boot.js', '/assets/home-page.js']);
    expect(page).toContain('<div id="root" inert data-ssr><p>page</p></div><!--/root-->');
  });

  it('gives nothing for a page without the marks (the shell is sent as it is)', () => {
    expect(withRenderedRoot('<div id="root"></div>', '<p>page</p>')).toBeNull();
    expect(withRenderedRoot('<div id="root" inert></div>', '<p>page</p>')).toBeNull();
  });
});

describe('cachedRenders', () => {
  const request = { pathname: '/', search: '', locale: 'en' as const, calls: [{ path: 'outlets.nearby', n: 1 }], signedIn: false };

  it('renders the same page and data once, and again when the data or the language change', async () => {
    const render = vi.fn<RenderFirstScreen>(async (r) => `<p>${r.locale} ${JSON.stringify(r.calls)}</p>`);
    const cached = cachedRenders(render);
    expect(await cached(request)).toBe('<p>en [{"path":"outlets.nearby","n":1}]</p>');
    expect(await cached({ ...request, calls: [{ path: 'outlets.nearby', n: 1 }] })).toBe('<p>en [{"path":"outlets.nearby","n":1}]</p>');
    expect(render).toHaveBeenCalledTimes(1);
    await cached({ ...request, calls: [{ path: 'outlets.nearby', n: 2 }] });
    await cached({ ...request, locale: 'hi' });
    await cached({ ...request, signedIn: true });
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('keeps the most recently used few, and does not keep a failure', async () => {
    let fail = true;
    const render = vi.fn<RenderFirstScreen>(async (r) => {
      if (fail) throw new Error('boom');
      return String(r.calls[0]);
    });
    const cached = cachedRenders(render, 2);
    await expect(cached(request)).rejects.toThrow('boom');
    fail = false;
    expect(await cached(request)).toBe('[object Object]');
    await cached({ ...request, calls: ['a'] });
    await cached(request); // used again: 'a' is now the oldest
    await cached({ ...request, calls: ['b'] }); // evicts 'a'
    await cached(request);
    expect(render).toHaveBeenCalledTimes(4);
    await cached({ ...request, calls: ['a'] });
    expect(render).toHaveBeenCalledTimes(5);
  });
});
