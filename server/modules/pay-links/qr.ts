import QRCode from 'qrcode';
import { BRAND, renderPdf, type PdfKit } from '../../lib/pdf.ts';
import { payLinkOf, type OutletPayLink } from './schema.ts';

/**
 * An outlet's QR as files (docs/payments.md "Pay links and QR codes"): the QR alone as PNG (1200 px,
 * enough for 10 cm at 300 dpi) and SVG, the A5 standee, and an A4 sheet of table QRs. Error correction
 * M, a quiet zone of 4 modules; in PDFs the modules are drawn as vector squares, sharp at any size.
 */

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
export const QR_PNG_WIDTH = 1200;

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: QR_PNG_WIDTH });
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
}

/** "K7M2QXA" → "K7M 2QXA": easier to read aloud and type. */
export const spacedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

/** Draws the QR's dark modules as squares in a `size`-point box at (x, y), quiet zone included. */
function drawQr(kit: PdfKit, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const count = modules.size + QR_OPTIONS.margin * 2;
  const cell = size / count;
  const { doc } = kit;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) {
        // A hair wider than the cell, so neighbours touch with no seam in any renderer.
        doc.rect(x + (col + QR_OPTIONS.margin) * cell, y + (row + QR_OPTIONS.margin) * cell, cell + 0.05, cell + 0.05);
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
}

const MUTED = '#5b636b';

/**
 * The A5 standee: the outlet's name (and table), the QR, "Scan to pay with Bachat" in English and
 * Hindi, today's best offer and the code to type. Both languages are printed whatever the owner's.
 */
export function standeePdf(link: OutletPayLink, table: number | null, origin: string): Promise<Buffer> {
  const url = payLinkOf(link.code, table, origin);
  return renderPdf({ title: `${link.outletName} · Bachat QR`, subject: url, size: 'A5' }, (kit) => {
    const { doc } = kit;
    // One page, drawn by position: no margin may push a line onto a second page.
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const width = doc.page.width;
    doc.rect(0, 0, width, 56).fill(BRAND);
    kit.centredLine('Bachat', 36, { size: 24, bold: true, color: '#ffffff' });
    kit.centredLine(link.outletName, 90, { size: link.outletName.length > 28 ? 15 : 19, bold: true });
    let y = 104;
    if (table) {
      kit.centredLine(`Table ${table} · टेबल ${table}`, y + 14, { size: 15, bold: true, color: BRAND });
      y += 22;
    }
    const size = table ? 238 : 250;
    drawQr(kit, url, (width - size) / 2, y, size);
    y += size + 22;
    kit.centredLine('Scan to pay with Bachat', y, { size: 18, bold: true });
    kit.centredLine('स्कैन करें और Bachat से भुगतान करें', y + 24, { size: 15 });
    y += 40;
    if (link.bestOfferPercent !== null) {
      const percent = `${Number(link.bestOfferPercent.toFixed(2))}%`;
      doc.roundedRect(40, y, width - 80, 44, 8).fill('#fdecea');
      kit.centredLine(`Today: up to ${percent} off your bill`, y + 18, { size: 12.5, bold: true, color: BRAND });
      kit.centredLine(`आज बिल पर ${percent} तक की छूट`, y + 36, { size: 12, color: BRAND });
      y += 54;
    } else {
      y += 8;
    }
    kit.centredLine('No camera? Open Bachat, tap Scan and type the code', y + 10, { size: 9.5, color: MUTED });
    kit.centredLine('कैमरा नहीं? Bachat में स्कैन पर टैप करके कोड डालें', y + 25, { size: 9.5, color: MUTED });
    kit.centredLine(spacedCode(link.code), y + 54, { size: 24, bold: true });
    kit.centredLine(url.replace(/^https?:\/\//, ''), doc.page.height - 16, { size: 8.5, color: MUTED });
  });
}

/** An A4 sheet (or sheets) of table QRs, 3 × 4 a page, each with its table and the outlet's code. */
export function tableSheetPdf(link: OutletPayLink, tables: number[], origin: string): Promise<Buffer> {
  return renderPdf({ title: `${link.outletName} · table QRs`, subject: payLinkOf(link.code, null, origin) }, (kit) => {
    const { doc } = kit;
    const cols = 3;
    const rows = 4;
    const margin = 30;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    const cellW = (doc.page.width - margin * 2) / cols;
    const cellH = (doc.page.height - margin * 2) / rows;
    tables.forEach((table, i) => {
      const slot = i % (cols * rows);
      if (i > 0 && slot === 0) doc.addPage({ size: 'A4', margin: 0 });
      const x = margin + (slot % cols) * cellW;
      const y = margin + Math.floor(slot / cols) * cellH;
      doc.save();
      doc.rect(x + 4, y + 4, cellW - 8, cellH - 8).dash(3, { space: 3 }).lineWidth(0.5).strokeColor('#b9c0c7').stroke();
      doc.restore();
      const qr = Math.min(cellW - 40, cellH - 92);
      kit.centredLine(`Table ${table} · टेबल ${table}`, y + 24, { size: 12, bold: true, color: BRAND, left: x, width: cellW });
      drawQr(kit, payLinkOf(link.code, table, origin), x + (cellW - qr) / 2, y + 32, qr);
      const name = link.outletName.length > 30 ? `${link.outletName.slice(0, 29)}…` : link.outletName;
      kit.centredLine(name, y + 44 + qr, { size: 8.5, bold: true, left: x, width: cellW });
      kit.centredLine('Scan to pay with Bachat', y + 55 + qr, { size: 7.5, left: x, width: cellW });
      kit.centredLine('स्कैन करें और Bachat से भुगतान करें', y + 66 + qr, { size: 7.5, left: x, width: cellW });
      kit.centredLine(`Code ${spacedCode(link.code)}`, y + 78 + qr, { size: 8, color: MUTED, left: x, width: cellW });
    });
  });
}
