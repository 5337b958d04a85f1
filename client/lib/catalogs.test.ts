// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- a test: it compares the forms' Hindi with the server's catalog (nothing ships)
import { HI } from '@server/lib/i18n-hi';
import { catalogModuleFor } from '../vite-plugins/lingui';
import { VALIDATION_MESSAGES } from './validation';

/**
 * The catalog test (issue 17, docs/i18n.md). It fails when
 * - a message the code uses is missing from a catalog, in English or in Hindi, or a catalog keeps one
 *   the code no longer uses (run `npm run i18n:extract`, then translate);
 * - a Hindi message is empty, or its placeholders and tags differ from the English ones;
 * - an English message has an unnamed placeholder (`{0}`: the translator cannot tell what it is) or a
 *   curly quote (the English is straight quotes throughout, as the SPEC's texts are);
 * - the same English words are translated two ways;
 * - the validation messages a form shows differ from the server's (words or Hindi);
 * - a component formats figures without following the language (it must call `useLingui` or
 *   `useLocale`, or it keeps the old language's numbers after a switch);
 * - a component renders a literal string outside the catalogs (`bachat/no-literal-ui-string`).
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const clientRoot = path.join(repoRoot, 'client');

type Entry = { id: string; message: string; context?: string; translation: string };
type CatalogReport = {
  name: string;
  extracted: Map<string, { message: string; context?: string }>;
  files: Set<string>;
  en: Map<string, Entry>;
  hi: Map<string, Entry>;
};

const reports: CatalogReport[] = [];

beforeAll(async () => {
  const config = getConfig({ configPath: path.join(clientRoot, 'lingui.config.ts'), skipValidation: true });
  for (const catalog of await getCatalogs(config)) {
    const extracted = new Map<string, { message: string; context?: string }>();
    const files = new Set<string>();
    for (const [id, m] of Object.entries((await catalog.collect()) ?? {})) {
      extracted.set(id, { message: m.message ?? id, context: m.context });
      for (const [file] of m.origin ?? []) files.add(path.resolve(clientRoot, file));
    }
    const read = async (locale: string) => {
      const entries = new Map<string, Entry>();
      for (const [id, m] of Object.entries(await catalog.read(locale))) {
        if (m.obsolete) continue;
        entries.set(id, { id, message: m.message ?? id, context: m.context, translation: m.translation ?? '' });
      }
      return entries;
    };
    reports.push({ name: path.relative(clientRoot, catalog.path), extracted, files, en: await read('en'), hi: await read('hi') });
  }
}, 120_000);

const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)[,}]/g)].map((m) => `{${m[1]}}`).concat([...text.matchAll(/<\/?\d+\/?>/g)].map((m) => m[0])))].sort();

describe('catalogs (client/lingui.config.ts)', () => {
  it('has every catalog of the config, each with messages', () => {
    expect(reports.map((r) => r.name)).toEqual(expect.arrayContaining(['locales/{locale}', 'features/auth/locales/{locale}', 'features/business/locales/{locale}']));
    for (const report of reports) expect(report.extracted.size, report.name).toBeGreaterThan(0);
  });

  it('no message is missing or unused, in English or in Hindi', () => {
    const problems: string[] = [];
    for (const { name, extracted, en, hi } of reports) {
      for (const [locale, entries] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        for (const [id, m] of extracted) if (!entries.has(id)) problems.push(`${name} (${locale}): missing "${m.message}"`);
        for (const [id, m] of entries) if (!extracted.has(id)) problems.push(`${name} (${locale}): unused "${m.message}"`);
      }
    }
    expect(problems, 'run `npm run i18n:extract` and translate (docs/i18n.md)').toEqual([]);
  });

  it("each file's messages are registered by its own catalog's module (the one the Vite plugin imports)", () => {
    const moduleOf = (name: string) => {
      const dir = name.replace(/\/\{locale\}$/, '');
      const feature = /^features\/([^/]+)\/locales$/.exec(dir)?.[1];
      return feature ? `@client/features/${feature}/i18n` : `@client/${dir}/catalog`;
    };
    const problems: string[] = [];
    for (const { name, files } of reports) {
      for (const file of files) {
        const module = catalogModuleFor(file);
        if (module !== moduleOf(name)) problems.push(`${path.relative(clientRoot, file)}: its messages are in ${name}, but it imports ${module}`);
      }
      const registered = path.join(clientRoot, moduleOf(name).replace('@client/', '') + '.ts');
      if (!fs.existsSync(registered)) problems.push(`${name}: no ${path.relative(clientRoot, registered)} registers it`);
    }
    expect(problems).toEqual([]);
  });

  it('every Hindi message is translated, with the English placeholders and tags', () => {
    const problems: string[] = [];
    for (const { name, hi } of reports) {
      for (const m of hi.values()) {
        if (!m.translation.trim()) problems.push(`${name}: no Hindi for "${m.message}"`);
        else if (placeholders(m.translation).join() !== placeholders(m.message).join()) {
          problems.push(`${name}: "${m.message}" has ${placeholders(m.message).join(' ')} but its Hindi has ${placeholders(m.translation).join(' ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('English messages name their placeholders and use straight quotes', () => {
    const problems: string[] = [];
    for (const { name, en } of reports) {
      for (const m of en.values()) {
        if (/\{\d+[,}]/.test(m.message)) problems.push(`${name}: unnamed placeholder in "${m.message}" (give the value a name first)`);
        if (/[‘’“”]/.test(m.message)) problems.push(`${name}: curly quote in "${m.message}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the same English words have the same Hindi in every catalog', () => {
    const seen = new Map<string, { translation: string; where: string }>();
    const problems: string[] = [];
    for (const { name, hi } of reports) {
      for (const m of hi.values()) {
        const key = `${m.context ?? ''}\u0004${m.message}`;
        const before = seen.get(key);
        if (!before) seen.set(key, { translation: m.translation, where: name });
        else if (before.translation !== m.translation) {
          problems.push(`"${m.message}": "${before.translation}" (${before.where}) vs "${m.translation}" (${name})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('validation messages (client/lib/validation.ts)', () => {
  it("are keyed by their own words, and their Hindi is the server's for the same words", () => {
    const forms = reports.find((r) => r.name === 'locales/forms/{locale}')!;
    const hindiOf = new Map([...forms.hi.values()].map((m) => [m.message, m.translation]));
    for (const [english, descriptor] of Object.entries(VALIDATION_MESSAGES)) {
      expect(descriptor.message, english).toBe(english);
      expect(HI[english], `server/lib/i18n-hi.ts has no Hindi for "${english}"`).toBeDefined();
      expect(hindiOf.get(english), english).toBe(HI[english]);
    }
  });
});

describe('components', () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return d.name === 'testing' ? [] : files(full);
      return /\.tsx$/.test(d.name) && !/\.test\.tsx$/.test(d.name) ? [full] : [];
    });

  it('that format figures follow the language (call useLingui or useLocale)', () => {
    const offenders = files(clientRoot).filter((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return /from '@client\/lib\/format'/.test(source) && !/\b(?:useLingui|useLocale)\(/.test(source);
    });
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });

  it('render no literal strings outside the catalogs (bachat/no-literal-ui-string)', async () => {
    const eslint = new ESLint({
      cwd: repoRoot,
      overrideConfigFile: path.join(repoRoot, 'server/eslint.config.js'),
      cache: true,
      cacheLocation: path.join(repoRoot, 'node_modules/.cache/eslint-catalogs-test'),
    });
    // The rule itself: it reports words, in any script, outside <Trans> and t``.
    const [sample] = await eslint.lintText(
      `export const A = () => <p title="Open">Saved <span>सेव</span>{'Done'}{count}/20<Trans>Fine</Trans></p>;\n`,
      { filePath: path.join(clientRoot, 'components/ui/sample.tsx') },
    );
    expect(sample!.messages.filter((m) => m.ruleId === 'bachat/no-literal-ui-string').map((m) => m.column)).toHaveLength(4);

    const results = await eslint.lintFiles(['client/**/*.tsx']);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'bachat/no-literal-ui-string').map((m) => `${path.relative(repoRoot, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
  }, 120_000);
});
