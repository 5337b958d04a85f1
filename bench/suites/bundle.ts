import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { kb, measureHomeRoute, type BundleChunk, type BundleItem } from '../../client/vite-plugins/home-route-size.ts';

/**
 * The consumer bundle (issue 4 "Speed"): the gzip size of the JavaScript the home route loads,
 * next to the floor of the same toolchain built alone (bench/bundle-floor: react, react-dom,
 * wouter, jotai, react-query, tRPC client), both built here in the same run. Target ≤ 1.35× the
 * floor, and no back-office code on the home route.
 */
export const BUNDLE_TARGET_RATIO = 1.35;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const outputsOf = (result: Awaited<ReturnType<typeof build>>): BundleItem[] =>
  (Array.isArray(result) ? result : [result]).flatMap((r) => (r as unknown as { output: BundleItem[] }).output);

async function buildClient(outDir: string) {
  return outputsOf(
    await build({
      configFile: path.join(repoRoot, 'client/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    }),
  );
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
  return {
    gzipBytes: files.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0),
    rawBytes: files.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0),
  };
}

export async function bundleSuite({ print }: { print: (line: string) => void }): Promise<{ ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-bundle-'));
  try {
    const client = measureHomeRoute(await buildClient(path.join(tmp, 'client')));
    const floor = await buildFloor(path.join(tmp, 'floor'));
    const ratio = client.gzipBytes / floor.gzipBytes;
    print(`home route JS (gzip)                          ${kb(client.gzipBytes).padStart(10)}  (${kb(client.rawBytes)} raw, ${client.files.length} files)`);
    for (const f of client.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      print(`  ${f.fileName.padEnd(44)}${kb(f.gzipBytes).padStart(10)}`);
    }
    print(`toolchain floor (gzip)                        ${kb(floor.gzipBytes).padStart(10)}  (${kb(floor.rawBytes)} raw)`);
    const verdict = ratio <= BUNDLE_TARGET_RATIO ? `OK (target ≤ ${BUNDLE_TARGET_RATIO}×)` : `OVER (target ≤ ${BUNDLE_TARGET_RATIO}×)`;
    print(`${'home route ÷ floor'.padEnd(56)} ${ratio.toFixed(2).padStart(7)}×  ${verdict}`);
    if (client.backOffice.length === 0) {
      print('back-office code on the home route             none  OK');
    } else {
      print(`back-office code on the home route             FOUND: ${client.backOffice.slice(0, 10).join(', ')}`);
    }
    return { ok: ratio <= BUNDLE_TARGET_RATIO && client.backOffice.length === 0 };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
