import { describe, expect, it } from 'vitest';
import { measureHomeRoute, type BundleItem } from './home-route-size';

const chunk = (fileName: string, opts: Partial<Extract<BundleItem, { type: 'chunk' }>> = {}): BundleItem => ({
  type: 'chunk',
  fileName,
  code: `globalThis.loaded = ${JSON.stringify(fileName)};`.repeat(20),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  moduleIds: [],
  ...opts,
});

describe('measureHomeRoute', () => {
  const base = [
    chunk('assets/index.js', {
      isEntry: true,
      moduleIds: ['/repo/client/main.tsx'],
      viteMetadata: { importedCss: new Set(['assets/index.css']) },
    }),
    // The app's start: a dynamic import of the entry's that every route loads.
    chunk('assets/boot.js', { facadeModuleId: '/repo/client/boot.tsx', imports: ['assets/react.js'], moduleIds: ['/repo/client/boot.tsx'] }),
    chunk('assets/react.js', { moduleIds: ['/repo/node_modules/react/index.js'] }),
    chunk('assets/home-page.js', {
      facadeModuleId: '/repo/client/features/outlets/pages/home-page.tsx',
      imports: ['assets/react.js', 'assets/card.js'],
      moduleIds: ['/repo/client/features/outlets/pages/home-page.tsx'],
    }),
    chunk('assets/card.js', {
      moduleIds: ['/repo/client/features/outlets/components/outlet-card.tsx'],
      viteMetadata: { importedCss: new Set(['assets/outlets.css']) },
    }),
    chunk('assets/faq-page.js', {
      facadeModuleId: '/repo/client/features/faq/pages/faq-page.tsx',
      viteMetadata: { importedCss: new Set(['assets/faq.css']) },
    }),
    { type: 'asset', fileName: 'assets/index.css' } as BundleItem,
  ];

  it('counts the entry, the app’s start, the home page chunk and their static imports, not other pages', () => {
    const report = measureHomeRoute(base);
    expect(report.files.map((f) => f.fileName).sort()).toEqual([
      'assets/boot.js',
      'assets/card.js',
      'assets/home-page.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(report.gzipBytes).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThan(report.rawBytes);
    expect(report.backOffice).toEqual([]);
    // The CSS the route brings: the entry's and the home page's, not the FAQ's.
    expect(report.css.sort()).toEqual(['assets/index.css', 'assets/outlets.css']);
  });

  it('flags back-office code on the home route', () => {
    const report = measureHomeRoute([
      ...base.filter((c) => c.fileName !== 'assets/react.js'),
      chunk('assets/react.js', { moduleIds: ['/repo/node_modules/react-admin/dist/index.js', '/repo/node_modules/@mui/material/Button.js'] }),
    ]);
    expect(report.backOffice).toEqual(['/repo/node_modules/react-admin/dist/index.js', '/repo/node_modules/@mui/material/Button.js']);
  });
});
