import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The consumer bundle budget (issue 4 "Speed"): the gzip size of the JavaScript the home route
 * loads (the entry chunk, the app's start, the home page's lazy chunk and every chunk they import
 * statically), and
 * proof that none of it is back-office code. `npm run build` prints it; `npm run bench -- bundle`
 * compares it with the floor of the same toolchain built alone (bench/suites/bundle.ts).
 */

export const HOME_PAGE_MODULE = /client\/features\/outlets\/pages\/home-page\.tsx$/;

/** The app's start, which the entry (client/main.tsx) imports once the first screen has painted. */
export const BOOT_MODULE = /client\/boot\.tsx$/;

/** Modules that must never reach a shopper's phone on the home route. */
export const BACK_OFFICE_MODULES: readonly RegExp[] = [
  /node_modules\/(?:react-admin|ra-core|ra-ui-materialui|ra-data-simple-rest|ra-i18n-polyglot|@mui)\//,
  /\/admin\//,
  /client\/features\/(?:business|for-business|sales)[^/]*\//,
];

/** The parts of a Rollup/Rolldown output item this measurement reads. */
export type BundleChunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  moduleIds: readonly string[];
  /** Vite's record of the CSS files a chunk brings (loaded with it). */
  viteMetadata?: { importedCss: ReadonlySet<string> };
};
export type BundleItem = BundleChunk | { type: 'asset'; fileName: string };

export type HomeRouteReport = {
  files: { fileName: string; rawBytes: number; gzipBytes: number }[];
  rawBytes: number;
  gzipBytes: number;
  /** Module ids of back-office code found in those chunks (should be empty). */
  backOffice: string[];
  /** The CSS files those chunks bring (the entry's and the home page's). */
  css: string[];
};

const gzipSize = (code: string) => gzipSync(code, { level: 9 }).length;

export function measureHomeRoute(bundle: Record<string, BundleItem> | readonly BundleItem[]): HomeRouteReport {
  const items: readonly BundleItem[] = Array.isArray(bundle) ? bundle : Object.values(bundle);
  const chunks = new Map<string, BundleChunk>();
  for (const item of items) if (item.type === 'chunk') chunks.set(item.fileName, item);

  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('No entry chunk in the client bundle');
  const home = [...chunks.values()].find((c) => c.facadeModuleId && HOME_PAGE_MODULE.test(c.facadeModuleId));
  if (!home) throw new Error('No lazy chunk for the home page (client/features/outlets/pages/home-page.tsx)');

  const wanted = new Set<string>();
  const visit = (fileName: string) => {
    if (wanted.has(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    wanted.add(fileName);
    for (const dep of chunk.imports) visit(dep);
  };
  visit(entry.fileName);
  // The app's start is a dynamic import of the entry's, but every route loads it (a bundle without one,
  // as the toolchain floor, has the whole app in its entry).
  const boot = [...chunks.values()].find((c) => c.facadeModuleId && BOOT_MODULE.test(c.facadeModuleId.replace(/\\/g, '/')));
  if (boot) visit(boot.fileName);
  visit(home.fileName);

  const files = [...wanted].map((fileName) => {
    const code = chunks.get(fileName)!.code;
    return { fileName, rawBytes: Buffer.byteLength(code), gzipBytes: gzipSize(code) };
  });
  const backOffice = [...wanted].flatMap((fileName) =>
    chunks.get(fileName)!.moduleIds.filter((id) => BACK_OFFICE_MODULES.some((re) => re.test(id.replace(/\\/g, '/')))),
  );
  const css = [...new Set([...wanted].flatMap((fileName) => [...(chunks.get(fileName)!.viteMetadata?.importedCss ?? [])]))];
  return {
    files,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    backOffice,
    css,
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the home route's size after each client build, and fails the build when back-office code (the
 * sales panel or the business console) reaches the home route: a warning here went unnoticed once.
 */
export function homeRouteSize(): Plugin {
  return {
    name: 'bachat:home-route-size',
    apply: 'build',
    enforce: 'post',
    writeBundle(_options, bundle) {
      const report = measureHomeRoute(bundle as unknown as Record<string, BundleItem>);
      process.stdout.write(
        `\nHome route JavaScript: ${kb(report.gzipBytes)} gzip (${kb(report.rawBytes)} raw) in ${report.files.length} files. ` +
          'Compare with the toolchain floor: npm run bench -- bundle\n',
      );
      if (report.backOffice.length > 0) {
        this.error(`Back-office code in the home route: ${report.backOffice.slice(0, 5).join(', ')}`);
      }
    },
  };
}
