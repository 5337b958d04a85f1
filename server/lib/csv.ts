/**
 * The one CSV writer of every export: the owners' settlement report (server/modules/settlements) and
 * the back office's Export button on every list (admin/generator/export.ts). Pure, with no imports, so
 * the admin bundle may import it (server/eslint.config.js lets front ends import this file and keeps it
 * free of imports).
 *
 * RFC 4180 quoting, plus formula neutralisation (OWASP "CSV injection"): a spreadsheet opening the file
 * runs any cell that starts with `=`, `+`, `-` or `@` (and, in some, a tab or carriage return) as a
 * formula, so a support ticket titled `=HYPERLINK("https://evil.example","Click")` or a business
 * application named `=cmd|' /C calc'!A0` would become a live link or command. Such a *text* cell is
 * written with a leading `'`, which spreadsheets read as "this is text" and do not show.
 *
 * Numbers are never touched: a JS number (or `csvNumber('-12.50')`, a decimal kept as written) is a
 * numeric cell, so a negative amount still reads as a number. Only text is neutralised, which is why
 * the writer takes typed values rather than strings: the caller says which cells are numbers.
 */

/** A number written exactly as this text (e.g. rupees with two decimals); it must look like a decimal. */
export interface CsvNumber {
  readonly csvNumber: string;
}

export type CsvValue = string | number | bigint | boolean | Date | CsvNumber | null | undefined;

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A numeric cell written as `text` (`'-12.50'`); throws on anything that is not a plain decimal. */
export function csvNumber(text: string): CsvNumber {
  if (!DECIMAL.test(text)) throw new Error(`Not a decimal number: ${JSON.stringify(text)}`);
  return { csvNumber: text };
}

/** Integer paise as rupees with two decimals, a numeric cell: -1250 → -12.50 (exact, no floating point). */
export function csvRupees(paise: number): CsvNumber {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not a whole number of paise: ${paise}`);
  const whole = Math.abs(paise);
  return csvNumber(`${paise < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`);
}

/** Characters that make a spreadsheet read a text cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function isCsvNumber(value: object): value is CsvNumber {
  return typeof (value as { csvNumber?: unknown }).csvNumber === 'string';
}

/** A text cell as it is written: neutralised when it would start a formula, quoted when it must be. */
function textCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One cell. Empty for null and undefined; numbers as numbers; dates in ISO 8601; everything else text. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (typeof value === 'object') {
    if (isCsvNumber(value) && DECIMAL.test(value.csvNumber)) return value.csvNumber;
    return textCell(JSON.stringify(value));
  }
  return textCell(value);
}

/** A whole file: the header, then one line per row, CRLF after every line (RFC 4180). */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
