import { describe, expect, it } from 'vitest';
import { PAY_CODE_ALPHABET, classifyScannedText, normalizePayCode, payLinkOf, payPageOf, tableFromQuery, tableNumberSchema } from './schema.ts';

describe('pay codes', () => {
  it('has no look-alike characters in its alphabet', () => {
    for (const c of '01ILOU') expect(PAY_CODE_ALPHABET).not.toContain(c);
    expect(PAY_CODE_ALPHABET).toHaveLength(30);
  });

  it('normalises a typed code: case, spaces, dashes; refuses anything else', () => {
    expect(normalizePayCode('k7m 2qxa')).toBe('K7M2QXA');
    expect(normalizePayCode(' K7M-2QXA ')).toBe('K7M2QXA');
    expect(normalizePayCode('K7M2QX')).toBeNull();
    expect(normalizePayCode('K7M2QXAB')).toBeNull();
    expect(normalizePayCode('O7M2QXA')).toBeNull();
    expect(normalizePayCode('17M2QXA')).toBeNull();
    expect(normalizePayCode('K7M2QX<')).toBeNull();
  });
});

describe('tables', () => {
  it('takes 1..50 from a query and drops anything else', () => {
    expect(tableFromQuery('7')).toBe(7);
    expect(tableFromQuery('50')).toBe(50);
    for (const bad of ['0', '51', '-1', '7.5', 'x', '', '007', null, undefined]) expect(tableFromQuery(bad)).toBeNull();
  });

  it('refuses a table outside 1..50 on input', () => {
    expect(tableNumberSchema.parse('12')).toBe(12);
    for (const bad of [0, 51, 2.5, 'abc']) expect(tableNumberSchema.safeParse(bad).success).toBe(false);
  });
});

describe('links', () => {
  it('builds the QR link and the pay page with the table', () => {
    expect(payLinkOf('K7M2QXA')).toBe('/p/K7M2QXA');
    expect(payLinkOf('K7M2QXA', 7, 'https://bachat.in/')).toBe('https://bachat.in/p/K7M2QXA?t=7');
    expect(payPageOf(12)).toBe('/enter-amount/12');
    expect(payPageOf(12, 7)).toBe('/enter-amount/12?t=7');
  });

  it('classifies what a scanned QR holds', () => {
    const ours = ['https://bachat.in', 'http://127.0.0.1:3400'];
    expect(classifyScannedText('https://bachat.in/p/K7M2QXA?t=7', ours)).toEqual({ kind: 'bachat', code: 'K7M2QXA', table: 7 });
    expect(classifyScannedText('http://127.0.0.1:3400/p/k7m2qxa', ours)).toEqual({ kind: 'bachat', code: 'K7M2QXA', table: null });
    expect(classifyScannedText('https://bachat.in/p/K7M2QXA?t=99', ours)).toEqual({ kind: 'bachat', code: 'K7M2QXA', table: null });
    expect(classifyScannedText('K7M 2QXA', ours)).toEqual({ kind: 'bachat', code: 'K7M2QXA', table: null });
    // Another site's /p/ link is a foreign URL, not a Bachat code.
    expect(classifyScannedText('https://evil.example/p/K7M2QXA', ours)).toEqual({ kind: 'url', url: 'https://evil.example/p/K7M2QXA', host: 'evil.example' });
    expect(classifyScannedText('upi://pay?pa=shop@okaxis&pn=Sharma%20Stores&am=10', ours)).toEqual({ kind: 'upi', payee: 'Sharma Stores' });
    expect(classifyScannedText('UPI://pay?pa=shop@okaxis', ours)).toEqual({ kind: 'upi', payee: 'shop@okaxis' });
    expect(classifyScannedText('hello world', ours)).toEqual({ kind: 'text', text: 'hello world' });
    expect(classifyScannedText('javascript:alert(1)', ours).kind).toBe('text');
  });
});
