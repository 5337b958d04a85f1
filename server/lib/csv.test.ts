import { describe, expect, it } from 'vitest';
import { csvCell, csvNumber, csvRupees, toCsv } from './csv.ts';

describe('csvCell: text that would start a formula is neutralised', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-2+3', "'-2+3"],
    ['-5', "'-5"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('%j → %s', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('leaves other text as it is, quoting only where RFC 4180 needs it', () => {
    expect(csvCell('Kaapi Katte')).toBe('Kaapi Katte');
    expect(csvCell('कैफ़े')).toBe('कैफ़े');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('1=1')).toBe('1=1');
    expect(csvCell("'quoted")).toBe("'quoted");
  });

  it('writes numbers as numbers, negative ones included', () => {
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(csvNumber('-12.50'))).toBe('-12.50');
    expect(csvCell(csvNumber('3000.00'))).toBe('3000.00');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(10n)).toBe('10');
  });

  it('csvNumber refuses anything that is not a plain decimal', () => {
    for (const text of ['=1+1', '-1+2', '1e5', '', '12.', '.5', '1,000']) expect(() => csvNumber(text), text).toThrow(/Not a decimal/);
    // A look-alike object from elsewhere (e.g. JSON) is text, and neutralised as such.
    expect(csvCell({ csvNumber: '=1+1' } as never)).toBe('"{""csvNumber"":""=1+1""}"');
  });

  it('empties null and undefined; booleans, dates and objects as text', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21T10:00:00.000Z');
    expect(csvCell(new Date(Number.NaN))).toBe('');
  });
});

describe('csvRupees', () => {
  it('writes integer paise as rupees with two decimals, exactly', () => {
    expect([0, 5, -5, 100, 1005, -125050, 9_007_199_254_740_991].map((p) => csvCell(csvRupees(p)))).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '10.05',
      '-1250.50',
      '90071992547409.91',
    ]);
    expect(() => csvRupees(1.5)).toThrow(/paise/);
  });
});

describe('toCsv', () => {
  it('a header, one line per row, CRLF after each', () => {
    expect(toCsv(['Subject', 'Amount'], [['=2+5', -400], ['Refund', csvNumber('-4.00')]])).toBe("Subject,Amount\r\n'=2+5,-400\r\nRefund,-4.00\r\n");
  });
});
