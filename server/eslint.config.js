// ESLint flat config for the whole repo (kept in server/ because the top level is fixed; `npm run lint`
// points at it). Enforces the import boundaries of CONVENTIONS §E and §H.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import noLiteralUiString from './eslint-rules/no-literal-ui-string.js';

// bulletproof-react's rule: a feature never imports another feature; app/ composes them.
const featuresDir = new URL('../client/features/', import.meta.url);
const clientFeatures = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const serverOnlyForFrontEnds = {
  patterns: [
    {
      // Anything under server/ except modules/<feature>/schema.ts, the back-office declarations
      // (modules/<feature>/admin.ts, admin/declaration.ts, admin/resources.ts: zod only), the CSV
      // writer (lib/csv.ts: no imports at all) and (type-only) trpc/app-router.
      regex:
        '^(?:@server/(?!trpc/app-router(?:\\.ts)?$|modules/[^/]+/(?:schema|admin)(?:\\.ts)?$|admin/(?:declaration|resources)(?:\\.ts)?$|lib/csv(?:\\.ts)?$)|(?:\\.\\./)+server/)',
      message:
        'Front ends may import from server/ only schema.ts and admin.ts files, server/admin/{declaration,resources}.ts, server/lib/csv.ts and (type-only) trpc/app-router.',
    },
  ],
};

const clientPatterns = [
  ...serverOnlyForFrontEnds.patterns,
  { group: ['@admin/*', '**/admin/*'], message: 'client/ and admin/ do not import each other.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', serverOnlyForFrontEnds],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: clientPatterns }] },
  },
  {
    // Issue 17: every word on a shopper or owner screen comes from the catalogs (docs/i18n.md). The back
    // office (admin/) stays English; tests and the test helpers render fixtures.
    files: ['client/**/*.tsx'],
    ignores: ['client/**/*.test.tsx', 'client/testing/**'],
    plugins: { bachat: { rules: { 'no-literal-ui-string': noLiteralUiString } } },
    rules: { 'bachat/no-literal-ui-string': 'error' },
  },
  {
    files: ['admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...serverOnlyForFrontEnds.patterns, { group: ['@client/*', '**/client/*'], message: 'client/ and admin/ do not import each other.' }] },
      ],
    },
  },
  ...clientFeatures.map((feature) => ({
    files: [`client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...clientPatterns,
            {
              regex: `^(?:@client/features/(?!${feature}/)|.*/features/(?!${feature}/))`,
              message: `Features do not import each other: compose ${feature} with others in client/app.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['server/**/*.ts', 'migrations/**/*.ts', 'seeds/**/*.ts', 'knexfile.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Use node:crypto (OTPs, tokens, coupons and shuffles must be unpredictable).' },
      ],
    },
  },
  {
    // Modules talk to each other through services and schemas only. Transport helpers (REST guards,
    // base procedures) live in server/rest and server/trpc; a module's router.ts, rest.ts and module.ts
    // are composed by server/modules/index.ts, never imported by another module.
    files: ['server/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:\\.\\./|(?:\\.\\./)+modules/)[^./][^/]*/(?:[^/]*-)?(?:router|rest|procedures|rest-helpers|module)(?:\\.ts)?$',
              message:
                "Modules do not import another module's router, REST adapters or manifest: use its service.ts/schema.ts, and the guards in server/rest and server/trpc.",
            },
          ],
        },
      ],
    },
  },
  {
    // Back-office declarations are bundled into the admin front end: zod and other pure files only.
    files: ['server/modules/*/admin.ts', 'server/admin/declaration.ts', 'server/admin/resources.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.{1,2}/(?:[^/]+/)*(?:schema|admin|declaration|resources)\\.ts$)',
              message: 'Declarations may import only zod, schema.ts, admin.ts, declaration.ts and resources.ts files.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one CSV writer is bundled into the admin front end too: it imports nothing.
    files: ['server/lib/csv.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '.', message: 'server/lib/csv.ts is shared with the admin bundle: it imports nothing.' }] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'server/scripts/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
