import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';

/**
 * Lingui (docs/i18n.md): English is the source language, Hindi the translation. One catalog per
 * feature (`features/<f>/locales/{en,hi}.po`, loaded with the feature's code) and one for the shared
 * layer (`locales/{en,hi}.po`: app shell, layouts, ui, lib). `npm run i18n:extract` rewrites them from
 * the source; the catalog test (`client/lib/catalogs.test.ts`) fails when they drift.
 */
/**
 * Catalogs split off a bigger one so a screen does not load messages it never shows (the home route's
 * JavaScript budget, `npm run bench -- bundle`): each is a folder with `{en,hi}.po` and a `catalog.ts`
 * that registers it (docs/i18n.md), and takes the messages of the listed files (a folder ends in /),
 * paths relative to client/. The Vite plugin (vite-plugins/lingui.ts) reads the same list.
 */
export const SPLIT_CATALOGS: readonly { dir: string; files: readonly string[] }[] = [
  // Form validation and refund states: not on the first screen.
  { dir: 'locales/forms', files: ['lib/validation.ts', 'lib/refunds.ts'] },
  // A bill's lines: the payment screens and a past payment, never the first screen.
  { dir: 'locales/bill', files: ['components/ui/bill-table.tsx'] },
  // The outlet page (tabs, overlays, share, reviews), and the map and favourites screens: the home
  // page's outlet list does not need them.
  {
    dir: 'features/outlets/locales/outlet-page',
    files: [
      'features/outlets/pages/outlet-page.tsx',
      'features/outlets/components/outlet-overlays.tsx',
      'features/outlets/components/tabs/',
      'features/outlets/lib/share.ts',
      'features/outlets/components/reviews/',
      'features/outlets/components/outlet-map.tsx',
      'features/outlets/pages/favourites-page.tsx',
    ],
  },
];

const splitFiles = SPLIT_CATALOGS.flatMap((catalog) => catalog.files.map((file) => (file.endsWith('/') ? `<rootDir>/${file}**` : `<rootDir>/${file}`)));

const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  // A missing Hindi message never falls back silently: the build and the catalog test refuse it.
  fallbackLocales: false,
  catalogs: [
    ...SPLIT_CATALOGS.map((catalog) => ({
      path: `<rootDir>/${catalog.dir}/{locale}`,
      include: catalog.files.map((file) => `<rootDir>/${file}`),
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    })),
    {
      path: '<rootDir>/features/{name}/locales/{locale}',
      include: ['<rootDir>/features/{name}/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', ...splitFiles],
    },
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/app/', '<rootDir>/components/', '<rootDir>/lib/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', ...splitFiles],
    },
  ],
  orderBy: 'message',
  // Origins without line numbers: a catalog changes only when its messages do.
  format: formatter({ origins: true, lineNumbers: false }),
};

export default config;
