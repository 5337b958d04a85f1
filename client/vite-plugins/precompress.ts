import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Brotli and gzip copies of every compressible file of a build (`x.js.br`, `x.js.gz` beside
 * `x.js`), made once at the highest settings, so the server answers with them by content negotiation
 * (server/http/static.ts) instead of compressing on every request. Runs after everything else has
 * written its files (the service worker included). A copy is kept only when it is smaller.
 */

export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml'];
/** Smaller files are not worth a second request header's worth of bytes (the server's threshold too). */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressedFile {
  file: string;
  bytes: number;
  brotliBytes: number | null;
  gzipBytes: number | null;
}

/** Writes the `.br` and `.gz` copies under `dir`; returns what it did, file by file. */
export function precompressDirectory(dir: string): PrecompressedFile[] {
  const done: PrecompressedFile[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) continue;
      const data = fs.readFileSync(full);
      if (data.length < PRECOMPRESS_MIN_BYTES) continue;
      const br = brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      const gz = gzipSync(data, { level: 9 });
      const keepBr = br.length < data.length;
      const keepGz = gz.length < data.length;
      if (keepBr) fs.writeFileSync(`${full}.br`, br);
      if (keepGz) fs.writeFileSync(`${full}.gz`, gz);
      done.push({ file: path.relative(dir, full), bytes: data.length, brotliBytes: keepBr ? br.length : null, gzipBytes: keepGz ? gz.length : null });
    }
  };
  walk(dir);
  return done;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bachat:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        if (!fs.existsSync(outDir)) return;
        const files = precompressDirectory(outDir);
        const raw = files.reduce((s, f) => s + f.bytes, 0);
        const br = files.reduce((s, f) => s + (f.brotliBytes ?? f.bytes), 0);
        config.logger.info(`Precompressed ${files.length} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB Brotli`);
      },
    },
  };
}
