import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type AliasOptions, type Plugin } from 'vite';
import { splitHoisted } from '../app/hoisted';
import type { ShellMarkup, ShellRoute } from '../app/shells';
import { withDeferredCode } from '../lib/app-code';
import { HINDI_FACES_TAG } from '../lib/hindi-faces';
import { HINDI_FACE_FILE } from './devanagari-faces';
import { BOOT_MODULE } from './home-route-size';

/**
 * The prerendered app shells (issue 18): the built index.html is turned into one HTML file per shell
 * of client/app/shells.tsx, each with
 *  - the shell's markup inside #root (rendered here with React's server renderer from the real
 *    components), so the first paint needs no JavaScript;
 *  - the CSS that markup needs inline (the entry's CSS and the page's own), so no stylesheet blocks
 *    that paint; the server allows these `<style>` blocks by hash in the CSP (server/http/static.ts);
 *  - `modulepreload` links to the page's chunks, fetched alongside the entry instead of after it, and
 *    a disabled link to each of its CSS files, which tells the page's loader those rules are here;
 *  - the page's own <title> and description.
 * and `shells.json`: the client's routes in match order (the same patterns wouter matches) with the file
 * each is answered with, so the server's pick is the page the client will show (fallback: `shell.html`).
 *
 * The page's CSP forbids inline scripts, inline event handlers and style attributes, so a shell that
 * would carry one fails the build.
 */

/** The parts of a Rollup/Rolldown output chunk this plugin reads. */
type OutChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
};
type OutAsset = { type: 'asset'; fileName: string; source: string | Uint8Array };

export interface ShellParts {
  markup: string;
  css: readonly string[];
  modulePreloads: readonly string[];
  /**
   * The CSS files inline in this shell (the entry's and the page's). Each gets a disabled stylesheet link: the
   * browser fetches nothing for it, and Vite's loader, which adds a page chunk's CSS unless a
   * stylesheet link to it is already there, does not fetch and apply the same rules a second time
   * when the page's code loads (a full style recalculation on a slow phone).
   */
  inlinePageStylesheets: readonly string[];
  /** Font files (woff2) the first paint uses. */
  fontPreloads?: readonly string[];
  /**
   * The script that asks for those faces before the body is parsed, so the first frame is laid out in
   * them (client/lib/hindi-faces.ts `HINDI_FACES_TAG`), after the `<style>` that declares them.
   */
  fontScript?: string;
  /** Stylesheet files the template links that are now inline (their <link> goes). */
  inlinedStylesheets: readonly string[];
  base: string;
}

/** Marks the end of `#root` in a shell (server/http/page-render.ts reads it). */
export const ROOT_END = '<!--/root-->';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the page's CSP would block, found in `html` (empty when there is nothing). The one inline script
 * the pages may carry is the Hindi faces' line, which the server allows by its hash (server/http/static.ts).
 */
export function cspViolations(html: string): string[] {
  const found: string[] = [];
  for (const [tag, attrs] of html.split(HINDI_FACES_TAG).join('').matchAll(/<script\b([^>]*)>/gi)) {
    // A JSON data block is never run, so no CSP applies to it.
    if (!/\bsrc\s*=/.test(attrs!) && !/\btype="application\/json"/.test(attrs!)) found.push(`inline script: ${tag}`);
  }
  for (const [attr] of html.matchAll(/\son[a-z]+\s*=\s*["']/gi)) found.push(`inline event handler: ${attr.trim()}`);
  for (const [attr] of html.matchAll(/<[a-z][^>]*\sstyle\s*=\s*["'][^"']*["']/gi)) found.push(`style attribute: ${attr.slice(0, 80)}`);
  return found;
}

/** The built index.html turned into one shell (see the file's comment). */
export function assembleShell(template: string, parts: ShellParts & { title: string | null; description: string | null }): string {
  let html = template;
  for (const file of parts.inlinedStylesheets) {
    html = html.replace(new RegExp(`\\s*<link\\b[^>]*\\brel="stylesheet"[^>]*\\bhref="${escapeRe(parts.base + file)}"[^>]*>`), '');
  }
  const head = [
    ...parts.modulePreloads.map((f) => `<link rel="modulepreload" crossorigin href="${parts.base}${f}">`),
    ...parts.inlinePageStylesheets.map((f) => `<link rel="stylesheet" crossorigin href="${parts.base}${f}" disabled>`),
    ...(parts.fontPreloads ?? []).map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${parts.base}${f}">`),
    parts.css.length ? `<style>${parts.css.join('\n')}</style>` : '',
    parts.fontScript ?? '',
  ]
    .filter(Boolean)
    .join('\n    ');
  if (head) html = html.replace('</head>', `    ${head}\n  </head>`);
  if (!html.includes('<div id="root"></div>')) throw new Error('prerender-shells: no empty <div id="root"></div> in index.html');
  // Inert until the app has rendered over it (main.tsx): a control in the shell has no handler yet, so
  // it takes no click or focus that would be lost.
  // The comment after it marks where the shell's markup ends, for the server to put a page rendered at
  // request time in its place (server/http/page-render.ts).
  html = html.replace('<div id="root"></div>', () => `<div id="root" inert>${parts.markup}</div>${ROOT_END}`);
  if (parts.title !== null) html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${parts.title}</title>`);
  if (parts.description !== null) {
    html = html.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_, a: string, b: string) => `${a}${parts.description}${b}`);
  }
  return html;
}

/** Empty in-memory Web Storage for the server render (the atoms read session storage when created). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

type RenderedShells = { shells: ShellMarkup[]; routes: ShellRoute[]; fallback: string };

/** The languages the shells are prerendered in (client/lib/i18n.ts `LOCALES`); English is the default. */
export const SHELL_LOCALES = ['en', 'hi'] as const;
export type ShellLocale = (typeof SHELL_LOCALES)[number];

/** Where a shell's file goes in `locale`: English where the shell names it, Hindi under `hi/`. */
export const localeFile = (file: string, locale: ShellLocale) => (locale === 'en' ? file : `${locale}/${file}`);

/** The Intl tag the page's `<html lang>` carries in each language. */
const HTML_LANG: Record<ShellLocale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** The shell's document in `locale`: `<html lang>` set to it. */
export function withHtmlLang(html: string, locale: ShellLocale): string {
  return html.replace(/<html\b([^>]*)\blang="[^"]*"/, (_, before: string) => `<html${before}lang="${HTML_LANG[locale]}"`);
}

/** Loads client/app/shells.tsx through Vite's SSR loader and renders every shell in each language. */
async function renderShellMarkup(root: string, alias: AliasOptions | undefined): Promise<Record<ShellLocale, RenderedShells>> {
  const g = globalThis as { sessionStorage?: Storage; localStorage?: Storage };
  const saved = { sessionStorage: g.sessionStorage, localStorage: g.localStorage };
  g.sessionStorage = memoryStorage();
  g.localStorage = memoryStorage();
  // Loaded here, not at the top: the file's helpers are also imported by tests in a browser-like setup.
  const { lingui } = await import('./lingui');
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias },
    plugins: [...lingui(), react()],
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir: path.join(root, '../node_modules/.vite/client-shells'),
  });
  try {
    const mod = (await server.ssrLoadModule('/app/shells.tsx')) as { renderShellsIn: (locale: ShellLocale) => Promise<RenderedShells> };
    const out = {} as Record<ShellLocale, RenderedShells>;
    // One after the other: the language is the module graph's (Lingui's active locale).
    for (const locale of SHELL_LOCALES) out[locale] = await mod.renderShellsIn(locale);
    return out;
  } finally {
    await server.close();
    g.sessionStorage = saved.sessionStorage;
    g.localStorage = saved.localStorage;
  }
}

export function prerenderShells(): Plugin {
  let root = '';
  let base = '/';
  let alias: AliasOptions | undefined;
  return {
    name: 'bachat:prerender-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      alias = config.resolve.alias;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutAsset | undefined;
      if (!index) this.error('prerender-shells: no index.html in the bundle');
      const template = typeof index.source === 'string' ? index.source : Buffer.from(index.source).toString('utf8');
      const chunks = Object.values(bundle).filter((o): o is OutChunk & (typeof bundle)[string] => o.type === 'chunk') as unknown as OutChunk[];
      const assetSource = (file: string) => {
        const asset = bundle[file] as OutAsset | undefined;
        if (!asset || asset.type !== 'asset') this.error(`prerender-shells: no asset ${file}`);
        return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
      };
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: OutChunk): OutChunk[] => {
        const seen = new Map<string, OutChunk>();
        const visit = (c: OutChunk) => {
          if (seen.has(c.fileName)) return;
          seen.set(c.fileName, c);
          for (const dep of c.imports) {
            const d = byName.get(dep);
            if (d) visit(d);
          }
        };
        visit(start);
        return [...seen.values()];
      };
      const cssOf = (cs: readonly OutChunk[]) => [...new Set(cs.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];

      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('prerender-shells: no entry chunk');
      // The entry (main.tsx) imports the app's start (boot.tsx) dynamically: a shell preloads it with
      // its page's code, and its CSS is inline as the entry's is.
      const boot = chunks.find((c) => c.facadeModuleId && BOOT_MODULE.test(c.facadeModuleId.replace(/\\/g, '/')));
      if (!boot) this.error('prerender-shells: no chunk for client/boot.tsx');
      const entryChunks = closure(entry);
      const entryNames = new Set(entryChunks.map((c) => c.fileName));
      const bootChunks = closure(boot).filter((c) => !entryNames.has(c.fileName));
      const startNames = new Set([...entryNames, ...bootChunks.map((c) => c.fileName)]);
      const entryCss = cssOf(entryChunks);
      const bootCss = cssOf(bootChunks).filter((f) => !entryCss.includes(f));

      const rendered = await renderShellMarkup(root, alias);
      const { routes, fallback } = rendered.en;
      // The Hindi shells also preload the Hindi messages their code fetches (each catalog's `hi.po`
      // chunk, and the shared one's Devanagari faces module) and the faces themselves.
      const hindiChunksOf = (cs: readonly OutChunk[]) =>
        [...new Set(cs.flatMap((c) => c.dynamicImports ?? []))].flatMap((f) => {
          const d = byName.get(f);
          return d && d.facadeModuleId && /\/locales\/(?:hi\.po|hindi-font\.ts)$/.test(d.facadeModuleId.replace(/\\/g, '/')) ? closure(d) : [];
        });
      // The Hindi faces (devanagari-faces.ts), drawn from the first frame when they are preloaded.
      const devanagariFaces = Object.keys(bundle).filter((f) => HINDI_FACE_FILE.test(f));
      if (devanagariFaces.length !== 2) this.error(`prerender-shells: expected the two Hindi faces in the bundle, found ${devanagariFaces.join(', ') || 'none'}`);
      for (const locale of SHELL_LOCALES) {
        for (const shell of rendered[locale].shells) {
          const page = shell.pageModule ? chunks.find((c) => c.facadeModuleId && shell.pageModule!.test(c.facadeModuleId.replace(/\\/g, '/'))) : undefined;
          if (shell.pageModule && !page) this.error(`prerender-shells: no chunk for ${shell.pageModule} (${shell.file})`);
          const pageChunks = page ? closure(page).filter((c) => !startNames.has(c.fileName)) : [];
          const pageCss = [...bootCss, ...cssOf(pageChunks).filter((f) => !entryCss.includes(f) && !bootCss.includes(f))];
          const hindi =
            locale === 'hi'
              ? [...new Set(hindiChunksOf([...entryChunks, ...bootChunks, ...pageChunks]).map((c) => c.fileName))].filter((f) => !startNames.has(f))
              : [];
          const { markup, title, description } = splitHoisted(shell.html);
          const assembled = assembleShell(withHtmlLang(template, locale), {
            markup,
            title,
            description,
            css: [...entryCss, ...pageCss].map(assetSource),
            modulePreloads: [...bootChunks.map((c) => c.fileName), ...pageChunks.map((c) => c.fileName), ...hindi],
            // The entry's CSS too: the entry imports the app a part at a time (client/main.tsx), and
            // Vite's loader would otherwise fetch and apply those rules again with the first part.
            inlinePageStylesheets: [...entryCss, ...pageCss],
            fontPreloads: locale === 'hi' ? devanagariFaces : [],
            fontScript: locale === 'hi' ? HINDI_FACES_TAG : undefined,
            inlinedStylesheets: entryCss,
            base,
          });
          const html = shell.defersCode ? withDeferredCode(assembled) : assembled;
          const violations = cspViolations(html.replace(/<script\b[^>]*\bsrc\s*=[^>]*><\/script>/gi, ''));
          if (violations.length) this.error(`prerender-shells: ${shell.file} would break the CSP: ${violations.slice(0, 5).join('; ')}`);
          const fileName = localeFile(shell.file, locale);
          if (fileName === 'index.html') index.source = html;
          else this.emitFile({ type: 'asset', fileName, source: html });
        }
      }
      // Each shell's file in the other languages: the server answers a Hindi reader with those.
      const files = [...new Set([...routes.map((r) => r.file), fallback])];
      const locales = Object.fromEntries(
        SHELL_LOCALES.filter((l) => l !== 'en').map((l) => [l, Object.fromEntries(files.map((f) => [f, localeFile(f, l)]))]),
      );
      this.emitFile({ type: 'asset', fileName: 'shells.json', source: `${JSON.stringify({ routes, fallback, locales }, null, 2)}\n` });
    },
  };
}
