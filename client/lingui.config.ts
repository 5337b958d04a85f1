import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';

/**
 * Lingui (docs/i18n.md): English is the source language, Hindi the translation. One catalog per
 * feature (`features/<f>/locales/{en,hi}.po`, loaded with the feature's code) and one for the shared
 * layer (`locales/{en,hi}.po`: app shell, layouts, ui, lib). `npm run i18n:extract` rewrites them from
 * the source; the catalog test (`client/lib/i18n/catalogs.test.ts`) fails when they drift.
 */
const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'hi'],
  // A missing Hindi message never falls back silently: the build and the catalog test refuse it.
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/features/{name}/locales/{locale}',
      include: ['<rootDir>/features/{name}/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/locales/{locale}',
      include: ['<rootDir>/app/', '<rootDir>/components/', '<rootDir>/lib/'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  orderBy: 'message',
  // Origins without line numbers: a catalog changes only when its messages do.
  format: formatter({ origins: true, lineNumbers: false }),
};

export default config;
