import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Hindi of an English message, read from the client's catalogs (client/**\/locales/hi.po), with
 * `{name}` placeholders filled: the Hindi journey finds things by the words a Hindi reader sees,
 * without copying them into the test (a reworded translation moves with its catalog).
 */
const clientRoot = fileURLToPath(new URL('../client', import.meta.url));

const catalogs = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : catalogs(full);
    return d.name === 'hi.po' ? [full] : [];
  });

const unquote = (s: string) => JSON.parse(s) as string;

const HINDI = new Map<string, string>();
for (const file of catalogs(clientRoot)) {
  const text = fs.readFileSync(file, 'utf8');
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block)?.[1];
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block)?.[1];
    if (!id || !str) continue;
    const join = (lines: string) => lines.trim().split('\n').map(unquote).join('');
    if (!/^msgctxt/m.test(block)) HINDI.set(join(id), join(str));
  }
}

export function hi(english: string, values: Record<string, string | number> = {}): string {
  const hindi = HINDI.get(english);
  if (hindi === undefined) throw new Error(`No Hindi for "${english}" in the catalogs`);
  return hindi.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The Hindi words inside tag `<index>` of a message (a link within a sentence). */
export function hiTag(english: string, index = 0): string {
  const hindi = hi(english);
  const inner = new RegExp(`<${index}>(.*?)</${index}>`).exec(hindi)?.[1];
  if (inner === undefined) throw new Error(`No <${index}> in the Hindi of "${english}"`);
  return inner;
}
