import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * PDF documents (shoppers' receipts, outlets' monthly statements with their tax invoice), drawn with
 * pdfkit in DejaVu Sans (shipped by the `dejavu-fonts-ttf` package, so `₹` prints on any machine), and
 * Devanagari in Noto Sans Devanagari (the `@fontsource/noto-sans-devanagari` files the client serves;
 * pdfkit's fontkit shapes it: conjuncts, matras, the headline). A text is cut into runs by script and
 * each run drawn in its face, so a Hindi receipt's "24 नव॰ 2026, 5:32 pm" prints whole.
 * A4 (A5 for the QR standee), one small layout kit: a brand band, titles, label/value blocks, tables that break across pages.
 * Money comes in as integer paise, already computed by the services; this file only writes it.
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const DEVANAGARI = require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff');
const DEVANAGARI_BOLD = require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff');

/** Letters, signs and joiners drawn in the Devanagari face (its file's unicode range, less ₹ and ₨: DejaVu has those). */
const DEVANAGARI_RANGES: readonly (readonly [number, number])[] = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cf9],
  [0x200c, 0x200d],
  [0xa830, 0xa839],
  [0xa8e0, 0xa8ff],
];
const isDevanagari = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return DEVANAGARI_RANGES.some(([from, to]) => code >= from && code <= to);
};

type Run = { text: string; devanagari: boolean };

/**
 * `text` cut into runs of one face: Devanagari letters in one, everything else (Latin, digits, ₹,
 * punctuation) in the other. A space between two Devanagari words stays in their run, so a Hindi phrase
 * is one run where it can be (fewer fragments, natural spacing).
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  const chars = [...text];
  chars.forEach((ch, i) => {
    let devanagari = isDevanagari(ch);
    if (!devanagari && /\s/.test(ch)) {
      // A space joins the Devanagari run around it, else the Latin one (punctuation is DejaVu's: the
      // Devanagari file has no comma or full stop; the danda । is its own).
      const before = runs.at(-1)?.devanagari ?? false;
      const after = chars.slice(i + 1).find((c) => !/\s/.test(c));
      devanagari = before && after !== undefined && isDevanagari(after);
    }
    const last = runs.at(-1);
    if (last && last.devanagari === devanagari) last.text += ch;
    else runs.push({ text: ch, devanagari });
  });
  return runs;
}

export const BRAND = '#c0392b';
const INK = '#1f2328';
const MUTED = '#5b636b';
const RULE = '#d8dde3';
const MARGIN = 48;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 86509 → '₹865.09' (en-IN grouping: ₹1,00,000.00). */
export const pdfRupees = (paise: number) => rupees.format(paise / 100);

const istDateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const istDateTimeHi = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const istDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
/** '21 Nov 2026, 3:05 pm IST' (in Hindi Intl's hi-IN: '21 नव॰ 2026, 3:05 pm IST'). */
export const pdfDateTime = (d: Date, language: 'en' | 'hi' = 'en') => `${(language === 'hi' ? istDateTimeHi : istDateTime).format(d).replace(/\s/g, ' ')} IST`;
export const pdfDate = (d: Date) => istDate.format(d);
/** 'YYYY-MM-DD' (an IST calendar day) → '21 Nov 2026'. */
export const pdfDay = (day: string) => istDate.format(new Date(`${day}T12:00:00+05:30`));

export interface Column {
  header: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right';
}

const TAGLINE = { en: 'pay the bill, save on the spot', hi: 'बिल चुकाएँ, तुरंत बचत पाएँ' } as const;

export class PdfKit {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly language: 'en' | 'hi';

  constructor(doc: PDFKit.PDFDocument, language: 'en' | 'hi' = 'en') {
    this.doc = doc;
    this.width = doc.page.width - MARGIN * 2;
    this.language = language;
  }

  /**
   * Writes `text` at (x, y) (or where the last text ended) with pdfkit's options, each script's run in
   * its face (`scriptRuns`); the runs are one paragraph (`continued`), wrapped as one.
   */
  write(text: string, x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions & { bold?: boolean } = {}): void {
    const { doc } = this;
    const { bold = false, ...rest } = options;
    const runs = scriptRuns(text);
    if (!runs.length) runs.push({ text: '', devanagari: false });
    runs.forEach((run, i) => {
      doc.font(run.devanagari ? (bold ? DEVANAGARI_BOLD : DEVANAGARI) : bold ? FONT_BOLD : FONT);
      const opts = { ...rest, continued: i < runs.length - 1 ? true : (rest.continued ?? false) };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, opts);
      else doc.text(run.text, opts);
    });
  }

  /**
   * One line centred on the page with its baseline at `baseline` (the QR standee): each script's run
   * measured in its own face and drawn on the same baseline, so mixed Hindi and Latin sit level.
   */
  centredLine(text: string, baseline: number, options: { size: number; bold?: boolean; color?: string; left?: number; width?: number }): void {
    const { doc } = this;
    const runs = scriptRuns(text);
    const fontOf = (run: Run) => (run.devanagari ? (options.bold ? DEVANAGARI_BOLD : DEVANAGARI) : options.bold ? FONT_BOLD : FONT);
    doc.fontSize(options.size).fillColor(options.color ?? INK);
    const widths = runs.map((run) => doc.font(fontOf(run)).widthOfString(run.text));
    const total = widths.reduce((a, b) => a + b, 0);
    const left = options.left ?? 0;
    let x = left + ((options.width ?? doc.page.width) - total) / 2;
    runs.forEach((run, i) => {
      doc.font(fontOf(run)).text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += widths[i]!;
    });
    doc.fillColor(INK);
  }

  /** The brand band and the document's title at the top of a page. */
  header(title: string, subtitle?: string): void {
    const { doc } = this;
    doc.rect(0, 0, doc.page.width, 64).fill(BRAND);
    doc.fillColor('#ffffff').font(FONT_BOLD).fontSize(20).text('Bachat', MARGIN, 20, { lineBreak: false });
    const after = MARGIN + doc.widthOfString('Bachat') + 12;
    doc.fontSize(10);
    // Beside the name, on its baseline (each face's ascent differs: Devanagari sits a little higher).
    this.write(TAGLINE[this.language], after, this.language === 'hi' ? 29 : 31, { lineBreak: false });
    doc.fillColor(INK).fontSize(16);
    this.write(title, MARGIN, 84, { bold: true });
    if (subtitle) {
      doc.fontSize(10).fillColor(MUTED);
      this.write(subtitle, MARGIN, doc.y + 2);
    }
    doc.moveDown(0.8);
    doc.fillColor(INK);
  }

  heading(text: string): void {
    this.ensure(40);
    this.doc.moveDown(0.6).fontSize(12).fillColor(INK);
    this.write(text, MARGIN, undefined, { bold: true });
    this.doc.moveDown(0.3);
  }

  paragraph(text: string, options: { muted?: boolean; size?: number } = {}): void {
    this.doc.fontSize(options.size ?? 9.5).fillColor(options.muted ? MUTED : INK);
    this.write(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.fillColor(INK);
  }

  /** Label → value lines in two columns (e.g. the receipt's details, the invoice's parties). */
  pairs(rows: [string, string][], options: { labelWidth?: number } = {}): void {
    const { doc } = this;
    const labelWidth = options.labelWidth ?? 150;
    for (const [label, value] of rows) {
      this.ensure(18);
      const y = doc.y;
      doc.fontSize(9.5).fillColor(MUTED);
      this.write(label, MARGIN, y, { width: labelWidth });
      const afterLabel = doc.y;
      doc.fillColor(INK);
      this.write(value, MARGIN + labelWidth, y, { width: this.width - labelWidth });
      doc.y = Math.max(afterLabel, doc.y) + 3;
    }
  }

  /** Amount lines (label left, amount right); `strong` lines are bold with a rule above. */
  amounts(rows: { label: string; paise: number; sign?: '−' | ''; strong?: boolean }[]): void {
    const { doc } = this;
    for (const row of rows) {
      this.ensure(20);
      if (row.strong) this.rule();
      const y = doc.y;
      doc.fontSize(row.strong ? 11 : 9.5).fillColor(INK);
      this.write(row.label, MARGIN, y, { width: this.width * 0.65, bold: row.strong });
      doc.font(row.strong ? FONT_BOLD : FONT);
      doc.text(`${row.sign ?? ''}${pdfRupees(row.paise)}`, MARGIN + this.width * 0.65, y, { width: this.width * 0.35, align: 'right' });
      doc.moveDown(0.25);
    }
  }

  /** A table with a header row repeated on every page it spans. */
  table(columns: Column[], rows: string[][], options: { boldLastRow?: boolean } = {}): void {
    const { doc } = this;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const drawRow = (cells: string[], bold: boolean, shaded: boolean) => {
      doc.font(bold ? FONT_BOLD : FONT).fontSize(8);
      const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 6 }))) + 6;
      if (doc.y + height > doc.page.height - MARGIN) {
        doc.addPage();
        drawHeader();
        doc.font(bold ? FONT_BOLD : FONT).fontSize(8);
      }
      const y = doc.y;
      if (shaded) doc.rect(MARGIN, y, this.width, height).fill('#f3f5f7');
      doc.fillColor(INK);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.text(cell, x + 3, y + 3, { width: widths[i]! - 6, align: columns[i]!.align ?? 'left' });
        x += widths[i]!;
      });
      doc.y = y + height;
    };
    const drawHeader = () => {
      drawRow(columns.map((c) => c.header), true, true);
      this.rule(0);
    };
    this.ensure(40);
    drawHeader();
    rows.forEach((r, i) => drawRow(r, options.boldLastRow === true && i === rows.length - 1, false));
    this.rule(0);
  }

  rule(gap = 4): void {
    const { doc } = this;
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + this.width, doc.y).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.y += gap;
  }

  /** A new page when less than `space` points are left on this one. */
  ensure(space: number): void {
    if (this.doc.y + space > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  newPage(): void {
    this.doc.addPage();
  }
}

/** Draws a document (in `language`: the header's tagline) and returns its bytes. */
export function renderPdf(
  info: { title: string; subject: string; language?: 'en' | 'hi'; size?: 'A4' | 'A5' },
  draw: (kit: PdfKit) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: info.size ?? 'A4', margin: MARGIN, info: { Title: info.title, Subject: info.subject, Author: 'Bachat', Creator: 'Bachat' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT);
  draw(new PdfKit(doc, info.language ?? 'en'));
  doc.end();
  return done;
}
