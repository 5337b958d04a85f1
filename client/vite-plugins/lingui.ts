import { fileURLToPath } from 'node:url';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui as linguiCatalogs } from '@lingui/vite-plugin';
import type { Plugin, PluginOption } from 'vite';
import { SPLIT_CATALOGS } from '../lingui.config';

/** The client's Lingui configuration (catalog paths, locales): docs/i18n.md. */
export const LINGUI_CONFIG_PATH = fileURLToPath(new URL('../lingui.config.ts', import.meta.url));

const CLIENT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.[cm]?[jt]sx?$/;
/** Only files that import a Lingui macro need the Babel pass; the rest go straight to Vite's oxc. */
const USES_MACRO = /from\s+['"]@lingui\/(?:react|core)\/macro['"]/;

/**
 * The catalog module a client file's messages belong to (the same split as lingui.config.ts): its
 * split-off catalog's `catalog.ts` (SPLIT_CATALOGS), its feature's `i18n.ts`, or the shared layer's
 * `locales/catalog.ts`. Null outside client/.
 */
export function catalogModuleFor(file: string): string | null {
  if (!file.startsWith(CLIENT_ROOT)) return null;
  const rel = file.slice(CLIENT_ROOT.length);
  // A split-off catalog first: its files are inside a feature or the shared layer too.
  const split = SPLIT_CATALOGS.find((catalog) => catalog.files.some((f) => (f.endsWith('/') ? rel.startsWith(f) : rel === f)));
  if (split) return `@client/${split.dir}/catalog`;
  const feature = /^features\/([^/]+)\//.exec(rel)?.[1];
  if (feature) return `@client/features/${feature}/i18n`;
  if (/^(?:app|components|lib)\//.test(rel)) return '@client/locales/catalog';
  return null;
}

/**
 * Lingui's macros (`t`…``, `<Trans>`, `plural`) compile to message ids at build time. @vitejs/plugin-react 6
 * no longer runs Babel, and @rolldown/plugin-babel needs Node 22, so this small pre-transform runs the
 * Lingui macro plugin through @babel/core on the files that import a macro (parsing TypeScript and JSX
 * and printing them back unchanged otherwise; oxc strips the types afterwards). Production builds drop
 * the English text from the call sites: it lives in the catalogs.
 *
 * It also adds `import '<the file's catalog module>'` to each such file, so a component's messages are
 * registered (and, in Hindi, fetched) before any module that uses them finishes loading: nobody has to
 * remember the import, and no screen can render ids for want of it.
 */
function linguiMacroTransform(): Plugin {
  const linguiConfig = getConfig({ configPath: LINGUI_CONFIG_PATH });
  return {
    name: 'bachat:lingui-macro',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || file.includes('/node_modules/') || !USES_MACRO.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [[linguiMacro, { linguiConfig }]],
      });
      if (!result?.code) return null;
      const catalog = catalogModuleFor(file);
      // Prepended on the same first line, so the source map's lines stay right.
      return { code: catalog ? `import '${catalog}';${result.code}` : result.code, map: result.map };
    },
  };
}

/**
 * Both halves of Lingui in Vite: the macro transform above, and @lingui/vite-plugin, which compiles an
 * imported `.po` catalog into a module of compiled messages (`failOnMissing`: a Hindi message without a
 * translation fails the build, as the catalog test does).
 */
export function lingui(): PluginOption[] {
  return [linguiMacroTransform(), linguiCatalogs({ configPath: LINGUI_CONFIG_PATH, failOnMissing: true, failOnCompileError: true })];
}
