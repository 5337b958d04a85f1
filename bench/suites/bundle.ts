import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { kb, measureHomeRoute, type BundleChunk, type BundleItem } from '../../client/vite-plugins/home-route-size.ts';
import { GOALS } from '../goals.ts';
import type { JudgedKind } from '../measure.ts';
import type { Goal } from '../goals.ts';

/**
 * The shopper's home route as a phone downloads it (issue 18): its JavaScript and its CSS, at the size
 * they are served (the build's Brotli copies, client/vite-plugins/precompress.ts), next to the floor of
 * the same toolchain built alone (bench/bundle-floor: react, react-dom, wouter, jotai, react-query, tRPC
 * client), compressed the same way, both built here in the same run. Goal: ≤ 1.5× the floor (issue 31; it was 1.2), and no
 * back-office code on the home route.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const outputsOf = (result: Awaited<ReturnType<typeof build>>): BundleItem[] =>
  (Array.isArray(result) ? result : [result]).flatMap((r) => (r as unknown as { output: BundleItem[] }).output);

/** Brotli at the build's settings (what the precompress plugin writes). */
const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  }).length;

/** A built file's size as served: its `.br` copy when the build made one, else the file itself. */
function servedBytes(dir: string, file: string): number {
  const br = path.join(dir, `${file}.br`);
  return fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(path.join(dir, file)).size;
}

async function buildFloor(outDir: string) {
  const output = outputsOf(
    await build({
      configFile: false,
      root: path.join(repoRoot, 'bench/bundle-floor'),
      cacheDir: path.join(repoRoot, 'node_modules/.vite/bundle-floor'),
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    }),
  );
  // The floor's home route: its entry and what the entry imports statically (not its lazy page).
  const chunks = output.filter((o): o is BundleChunk => o.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry)!;
  const wanted = new Set<string>();
  const visit = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const dep of chunks.find((c) => c.fileName === name)?.imports ?? []) visit(dep);
  };
  visit(entry.fileName);
  const files = chunks.filter((c) => wanted.has(c.fileName));
  const css = [...new Set(files.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))];
  return {
    jsBytes: files.reduce((sum, c) => sum + brotli(c.code), 0),
    cssBytes: css.reduce((sum, f) => sum + brotli(fs.readFileSync(path.join(outDir, f))), 0),
    htmlBytes: brotli(fs.readFileSync(path.join(outDir, 'index.html'))),
  };
}

export async function bundleSuite({
  print,
  judge,
}: {
  print: (line: string) => void;
  judge: (label: string, value: number, kind: JudgedKind, goal?: Goal) => void;
}): Promise<{ ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bundle-'));
  try {
    const clientDir = path.join(tmp, 'client');
    const output = outputsOf(
      await build({ configFile: path.join(repoRoot, 'client/vite.config.ts'), logLevel: 'silent', build: { outDir: clientDir, emptyOutDir: true } }),
    );
    const home = measureHomeRoute(output);
    const js = home.files.map((f) => ({ file: f.fileName, bytes: servedBytes(clientDir, f.fileName) }));
    // The home shell carries the entry's and the page's CSS inline; the page's CSS files are fetched
    // too (preloaded, then linked when its code loads). Counted once each, as files.
    const css = home.css.map((file) => ({ file, bytes: servedBytes(clientDir, file) }));
    const jsBytes = js.reduce((s, f) => s + f.bytes, 0);
    const cssBytes = css.reduce((s, f) => s + f.bytes, 0);
    const htmlBytes = servedBytes(clientDir, 'index.html');
    const floor = await buildFloor(path.join(tmp, 'floor'));

    print(`home route JS (Brotli, as served)            ${kb(jsBytes).padStart(10)}  (${kb(home.rawBytes)} raw, ${js.length} files)`);
    for (const f of js.sort((a, b) => b.bytes - a.bytes)) print(`  ${f.file.padEnd(44)}${kb(f.bytes).padStart(10)}`);
    print(`home route CSS (Brotli, as served)           ${kb(cssBytes).padStart(10)}  (${css.length} files)`);
    for (const f of css.sort((a, b) => b.bytes - a.bytes)) print(`  ${f.file.padEnd(44)}${kb(f.bytes).padStart(10)}`);
    print(`home shell HTML (Brotli; its CSS inline)     ${kb(htmlBytes).padStart(10)}`);
    print(`toolchain floor JS + CSS (Brotli)            ${kb(floor.jsBytes + floor.cssBytes).padStart(10)}  (HTML ${kb(floor.htmlBytes)})`);
    const ratio = (jsBytes + cssBytes) / (floor.jsBytes + floor.cssBytes);
    judge('home route JS + CSS (Brotli, as served) ÷ toolchain floor', ratio, 'ratio', { max: GOALS.bundleOverFloor });
    judge('(info) home route JS alone ÷ toolchain floor JS', jsBytes / floor.jsBytes, 'ratio');
    judge('(info) with the shell HTML: (HTML + JS + CSS) ÷ floor (HTML + JS + CSS)', (htmlBytes + jsBytes + cssBytes) / (floor.htmlBytes + floor.jsBytes + floor.cssBytes), 'ratio');
    if (home.backOffice.length === 0) {
      print('back-office code on the home route             none  OK');
    } else {
      print(`back-office code on the home route             FOUND: ${home.backOffice.slice(0, 10).join(', ')}`);
    }
    return { ok: ratio <= GOALS.bundleOverFloor && home.backOffice.length === 0 };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
