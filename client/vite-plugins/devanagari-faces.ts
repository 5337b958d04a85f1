import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import subsetFont from 'subset-font';
import { DEVANAGARI_FAMILY } from '../lib/hindi-faces';

/**
 * The Devanagari faces of the Hindi screens (issue 28; docs/i18n.md "Fonts").
 *
 * @fontsource/noto-sans-devanagari's Devanagari faces (50 and 54 KB, woff2) carry every letter of every
 * language written in Devanagari (Marathi, Nepali, Sanskrit, Vedic marks…). The build cuts from them a
 * face per weight holding Hindi only (`hindiSet`: Hindi's letters and signs, its digits and
 * punctuation, and every Devanagari character of the app's Hindi texts, read from the catalogs and the
 * server's messages, so a new text can never fall outside it), with every ligature and mark position
 * those characters can form (HarfBuzz's layout closure), so any Hindi text shapes exactly as in the full
 * face: about 31 and 34 KB. The Hindi shells preload them (client/vite-plugins/prerender-shells.ts).
 *
 * The CSS (`virtual:devanagari-faces.css`, imported by client/main.tsx, so every shell carries it inline)
 * declares them with `font-display: swap` (text paints at once, in the face when it is there); a Hindi
 * page asks for them from its head so its first frame is laid out in them (client/lib/hindi-faces.ts).
 * The rest of the package's ranges (letters of other languages) stays on the package's own faces, with
 * a `unicode-range` that does not overlap the Hindi one: a browser fetches them only for a page that
 * shows such a letter, never alongside the Hindi faces (a browser loads every face whose range covers a
 * character while the first one is still loading). A syllable that mixes the two (a Marathi letter
 * with a Hindi vowel sign) is drawn by the system's Devanagari font.
 *
 * The files and the CSS are written to node_modules/.cache/bachat-devanagari (recomputed when the
 * package or the texts change), where Vite picks them up like any other source: hashed into assets/
 * by the build, served by the dev server.
 */

/** The CSS module the entry imports. */
export const DEVANAGARI_FACES_MODULE = 'virtual:devanagari-faces.css';

/** The built Hindi faces (assets/…): what a Hindi shell preloads. */
export const HINDI_FACE_FILE = /(?:^|\/)noto-sans-devanagari-hindi-(?:400|700)-[\w-]+\.woff2$/;

type Range = readonly [number, number];

/**
 * Hindi as it is written today: the vowels (with ऍ and ऑ of English words), the consonants, the nukta
 * letters (as one character and as a consonant with ़), the signs (ँ ं ः ़ ऽ ्), the vowel signs, ॐ,
 * the danda, double danda, the Devanagari digits and ॰ (the abbreviation mark of dates: "21 नव॰"), ZWNJ
 * and ZWJ (which choose half forms), and the dotted circle HarfBuzz draws under a stray mark. Left out:
 * letters of other languages (Marathi's ळ, Sanskrit's ॠ ऌ, Dravidian ऎ ऒ ऩ ऱ ऴ, Vedic signs).
 */
export const HINDI_LETTERS: readonly Range[] = [
  [0x0901, 0x0903],
  [0x0905, 0x090b],
  [0x090d, 0x090d],
  [0x090f, 0x0911],
  [0x0913, 0x0928],
  [0x092a, 0x0930],
  [0x0932, 0x0932],
  [0x0935, 0x0939],
  [0x093c, 0x0943],
  [0x0945, 0x0945],
  [0x0947, 0x0949],
  [0x094b, 0x094d],
  [0x0950, 0x0950],
  [0x0958, 0x095f],
  [0x0964, 0x0970],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
];

/**
 * The package's Devanagari faces' `unicode-range`, less ₹ (U+20B9), ₨ (U+20A8), U+20F0 and the
 * Devanagari Extended-A letters (U+11B00–11B09): every English page shows prices, and none should fetch
 * Devanagari for them.
 */
export const DEVANAGARI_RANGES: readonly Range[] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0x25cc, 0x25cc],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];

/** The weights cut: the 700 face also draws semibold (600) text, one file less on a first visit. */
const FACES = [
  { weight: 400, cssWeight: '400' },
  { weight: 700, cssWeight: '600 800' },
] as const;

const inRanges = (cp: number, ranges: readonly Range[]) => ranges.some(([a, b]) => cp >= a && cp <= b);

const codePointsOf = (ranges: readonly Range[]) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

/** The Devanagari characters (within `DEVANAGARI_RANGES`) of `text`. */
export function devanagariIn(text: string): Set<number> {
  const found = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (inRanges(cp, DEVANAGARI_RANGES)) found.add(cp);
  }
  return found;
}

/** The app's Hindi texts: every Hindi catalog of the client and the server's Hindi messages. */
export function hindiTextFiles(repoRoot: string): string[] {
  const client = path.join(repoRoot, 'client');
  const catalogs = (fs.readdirSync(client, { recursive: true }) as string[])
    .filter((f) => /(?:^|[\\/])locales[\\/](?:.+[\\/])?hi\.po$/.test(f))
    .map((f) => path.join(client, f));
  return [...catalogs, path.join(repoRoot, 'server/lib/i18n-hi.ts')].sort();
}

/** `HINDI_LETTERS` and every Devanagari character of the app's Hindi texts, in order. */
export function hindiSet(texts: readonly string[]): number[] {
  const set = new Set(codePointsOf(HINDI_LETTERS));
  for (const text of texts) for (const cp of devanagariIn(text)) set.add(cp);
  return [...set].sort((a, b) => a - b);
}

/** Sorted code points as `unicode-range` values, runs joined: `U+0901-0903, U+0905, …`. */
export function unicodeRange(codePoints: readonly number[]): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const parts: string[] = [];
  for (let i = 0; i < codePoints.length; ) {
    let j = i;
    while (j + 1 < codePoints.length && codePoints[j + 1] === codePoints[j]! + 1) j++;
    parts.push(i === j ? `U+${hex(codePoints[i]!)}` : `U+${hex(codePoints[i]!)}-${hex(codePoints[j]!)}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** `DEVANAGARI_RANGES` less `codePoints`: what the package's own faces still draw. */
export function restOfDevanagari(codePoints: readonly number[]): number[] {
  const taken = new Set(codePoints);
  return codePointsOf(DEVANAGARI_RANGES).filter((cp) => !taken.has(cp));
}

/** The package's face file for `weight` (Devanagari subset, woff2). */
export const packageFace = (weight: number) => `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;

/** The Hindi face file the build writes for `weight`. */
export const hindiFace = (weight: number) => `noto-sans-devanagari-hindi-${weight}.woff2`;

/** The stylesheet: the Hindi faces, then the package's faces for the rest of Devanagari. */
export function facesCss(hindi: readonly number[]): string {
  const face = (cssWeight: string, src: string, range: readonly number[]) =>
    `@font-face {\n  font-family: '${DEVANAGARI_FAMILY}';\n  font-style: normal;\n  font-weight: ${cssWeight};\n  font-display: swap;\n  src: url('${src}') format('woff2');\n  unicode-range: ${unicodeRange(range)};\n}\n`;
  return [
    '/* Written by client/vite-plugins/devanagari-faces.ts: the Hindi faces (preloaded), then the rest of Devanagari. */\n',
    ...FACES.map((f) => face(f.cssWeight, `./${hindiFace(f.weight)}`, hindi)),
    ...FACES.map((f) => face(f.cssWeight, packageFace(f.weight), restOfDevanagari(hindi))),
  ].join('\n');
}

/** The Hindi face of one weight: the package's face cut to `hindi`, every layout feature kept. */
export async function cutHindiFace(packageFile: Buffer, hindi: readonly number[], format: 'woff2' | 'truetype' = 'woff2'): Promise<Buffer> {
  return subsetFont(packageFile, String.fromCodePoint(...hindi), { targetFormat: format });
}

/** The repository (asked when the faces are written: this module is also loaded by tests in a browser-like setup). */
const repoRoot = () => fileURLToPath(new URL('../..', import.meta.url));

/**
 * Writes the faces and the CSS into `outDir` (unless the same inputs wrote them before) and answers the
 * CSS file's path.
 */
export async function writeDevanagariFaces(root = repoRoot(), outDir = path.join(root, 'node_modules/.cache/bachat-devanagari')): Promise<string> {
  const require = createRequire(path.join(root, 'package.json'));
  const texts = hindiTextFiles(root).map((f) => fs.readFileSync(f, 'utf8'));
  const hindi = hindiSet(texts);
  const sources = FACES.map((f) => fs.readFileSync(require.resolve(packageFace(f.weight))));
  const css = facesCss(hindi);
  const hash = createHash('sha256');
  for (const s of [...sources, css, String(HINDI_LETTERS)]) hash.update(s);
  const key = hash.digest('hex');
  const cssFile = path.join(outDir, 'faces.css');
  const keyFile = path.join(outDir, 'key');
  if (fs.existsSync(cssFile) && fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) return cssFile;
  fs.mkdirSync(outDir, { recursive: true });
  const write = (file: string, data: string | Buffer) => {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  };
  for (const [i, f] of FACES.entries()) write(path.join(outDir, hindiFace(f.weight)), await cutHindiFace(sources[i]!, hindi));
  write(cssFile, css);
  write(keyFile, key);
  return cssFile;
}

/** The Vite plugin: `virtual:devanagari-faces.css` is the written CSS file (written on first import). */
export function devanagariFaces(): Plugin {
  let written: Promise<string> | undefined;
  return {
    name: 'bachat:devanagari-faces',
    enforce: 'pre',
    resolveId(id) {
      if (id !== DEVANAGARI_FACES_MODULE) return null;
      return (written ??= writeDevanagariFaces());
    },
  };
}
