// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import subsetFont from 'subset-font';
import { DEVANAGARI_FAMILY } from '../lib/hindi-faces';
import {
  DEVANAGARI_RANGES,
  HINDI_FACE_FILE,
  HINDI_LETTERS,
  cutHindiFace,
  devanagariIn,
  facesCss,
  hindiFace,
  hindiSet,
  hindiTextFiles,
  packageFace,
  restOfDevanagari,
  unicodeRange,
  writeDevanagariFaces,
} from './devanagari-faces';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const texts = hindiTextFiles(root).map((f) => fs.readFileSync(f, 'utf8'));
const hindi = hindiSet(texts);
const packageFile = (weight: number) => fs.readFileSync(require.resolve(packageFace(weight)));

/** The Hindi of every message: the catalogs' translations and the server's Hindi strings. */
function hindiMessages(): string[] {
  const out: string[] = [];
  for (const [file, text] of hindiTextFiles(root).map((f) => [f, fs.readFileSync(f, 'utf8')] as const)) {
    const pattern = file.endsWith('.po') ? /^msgstr(?:\[\d\])? "(.*)"$/gm : /'((?:[^'\\]|\\.)*)'/g;
    for (const [, s] of text.matchAll(pattern)) if (devanagariIn(s!).size) out.push(s!);
  }
  return out;
}

/** What Intl writes in Hindi (dates on the history and business screens): months, weekdays, ॰. */
function intlHindi(): string[] {
  const days = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 21)));
  return days.flatMap((d) => [
    new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(d),
    new Intl.DateTimeFormat('hi-IN', { month: 'long', weekday: 'long' }).format(d),
    new Intl.NumberFormat('hi-IN', { notation: 'compact' }).format(1_200 * (d.getUTCMonth() + 1) ** 4),
  ]);
}

/** Every consonant with every vowel sign, and every pair of consonants as a conjunct (and with a reph). */
function syllables(): string[] {
  const consonants = [...'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह'];
  const signs = [...'ािीुूृॅेैॉोौंँः'];
  const out = consonants.flatMap((c) => signs.map((s) => c + s));
  for (const a of consonants) for (const b of consonants) out.push(`${a}्${b}`, `${a}्${b}ि`, `र्${a}्${b}`);
  return out;
}

type Shaped = { cluster: number; xAdvance: number; xOffset: number; yOffset: number; path: string }[];

/** The glyphs HarfBuzz shapes `text` into with the face in `ttf`: their outlines and positions. */
function shaper(ttf: Buffer): (text: string) => Shaped {
  const font = new hb.Font(new hb.Face(new hb.Blob(ttf)));
  return (text) => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    return buffer.getGlyphInfosAndPositions().map((g) => ({ cluster: g.cluster, xAdvance: g.xAdvance!, xOffset: g.xOffset!, yOffset: g.yOffset!, path: font.glyphToPath(g.codepoint) }));
  };
}

describe('the Hindi faces', () => {
  it('hold every Devanagari character of every Hindi text the app has, and Hindi’s letters', () => {
    expect(texts.length).toBeGreaterThan(15); // every catalog, and the server's messages
    for (const text of texts) for (const cp of devanagariIn(text)) expect(hindi).toContain(cp);
    for (const [a, b] of HINDI_LETTERS) for (let cp = a; cp <= b; cp++) expect(hindi).toContain(cp);
    // Other languages' letters stay out: Marathi ळ, Sanskrit ॠ, Vedic signs.
    for (const cp of [0x0933, 0x0960, 0x1cd0]) expect(hindi).not.toContain(cp);
  });

  it('write their ranges as unicode-range does, and leave the rest of Devanagari to the package’s faces', () => {
    expect(unicodeRange([0x0901, 0x0902, 0x0903, 0x0905, 0x200c, 0x200d])).toBe('U+0901-0903, U+0905, U+200C-200D');
    const rest = restOfDevanagari(hindi);
    expect(rest.filter((cp) => hindi.includes(cp))).toEqual([]);
    const all = DEVANAGARI_RANGES.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
    expect([...hindi, ...rest].sort((a, b) => a - b)).toEqual(all);
    // Nothing Latin, and not ₹: an English page with prices never fetches Devanagari.
    expect([...hindi, ...rest].filter((cp) => cp < 0x0900 || cp === 0x20b9)).toEqual([]);
  });

  it('are declared in the family the Hindi pages use, swapped in when they arrive, the Hindi files first', () => {
    const css = facesCss(hindi);
    const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => body!);
    expect(faces).toHaveLength(4);
    for (const face of faces) {
      expect(face).toContain(`font-family: '${DEVANAGARI_FAMILY}';`);
      expect(face).toContain('font-display: swap;');
    }
    expect(faces.map((f) => /url\('([^']+)'\)/.exec(f)![1])).toEqual([`./${hindiFace(400)}`, `./${hindiFace(700)}`, packageFace(400), packageFace(700)]);
    expect(faces.map((f) => /font-weight: ([^;]+);/.exec(f)![1])).toEqual(['400', '600 800', '400', '600 800']);
    expect(faces[0]).toContain(`unicode-range: ${unicodeRange(hindi)};`);
    expect(faces[2]).toContain(`unicode-range: ${unicodeRange(restOfDevanagari(hindi))};`);
    expect(HINDI_FACE_FILE.test(`assets/${hindiFace(400).replace('.woff2', '-Ab1_x.woff2')}`)).toBe(true);
    expect(HINDI_FACE_FILE.test('assets/noto-sans-devanagari-devanagari-400-normal-Ab1.woff2')).toBe(false);
  });

  it.each([400, 700])('draw Hindi exactly as the package’s %i face does, in a third less', async (weight) => {
    const full = packageFile(weight);
    const cut = await cutHindiFace(full, hindi, 'truetype');
    // The characters it maps are the Hindi set (HarfBuzz adds none, drops none).
    const mapped = [...new hb.Face(new hb.Blob(cut)).collectUnicodes()].filter((cp) => cp >= 0x0900);
    expect(mapped.sort((a, b) => a - b)).toEqual(hindi.filter((cp) => cp >= 0x0900));
    // Every message, date and syllable shapes into the same outlines at the same places: each run of
    // Devanagari, as the browser gives it to this face (spaces, Latin and ₹ go to the system font).
    const shapeCut = shaper(cut);
    const shapeFull = shaper(await subsetFont(full, '', { keepAllGlyphs: true, targetFormat: 'truetype' }));
    const runs = [...hindiMessages(), ...intlHindi(), ...syllables()].flatMap((text) => text.split(/[^\u0900-\u097f\u200c\u200d]+/u).filter(Boolean));
    expect(runs.length).toBeGreaterThan(3_000);
    for (const run of runs) expect(shapeCut(run), run).toEqual(shapeFull(run));
    // As the browser gets it.
    const woff2 = await cutHindiFace(full, hindi);
    expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(woff2.length).toBeLessThan(full.length * 0.7);
  }, 120_000);

  it('are written once for the same inputs, with the stylesheet beside them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'devanagari-faces-'));
    try {
      const css = await writeDevanagariFaces(root, dir);
      expect(css).toBe(path.join(dir, 'faces.css'));
      expect(fs.readFileSync(css, 'utf8')).toBe(facesCss(hindi));
      for (const weight of [400, 700]) expect(fs.statSync(path.join(dir, hindiFace(weight))).size).toBeGreaterThan(10_000);
      const stamp = fs.statSync(path.join(dir, hindiFace(400))).mtimeMs;
      await writeDevanagariFaces(root, dir);
      expect(fs.statSync(path.join(dir, hindiFace(400))).mtimeMs).toBe(stamp);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
