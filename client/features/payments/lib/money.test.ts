import { describe, expect, it } from 'vitest';
import { formatPercent, formatRupeesExact, formatRupeesWhole } from '@client/lib/format';
import {
  BILL_MESSAGES,
  amountInputToPaise,
  checkBillAmount,
  cleanAmountInput,
  displayAmountInput,
  groupIndian,
  paiseToAmountParam,
} from './money';

describe('en-IN money formatting', () => {
  it('groups rupees the Indian way (lakh, crore)', () => {
    expect(formatRupeesWhole(1_000_00)).toBe('₹1,000');
    expect(formatRupeesWhole(1_00_000_00)).toBe('₹1,00,000');
    expect(formatRupeesExact(1_23_45_678_00)).toBe('₹1,23,45,678.00');
    expect(formatRupeesExact(75_885)).toBe('₹758.85');
    expect(formatRupeesExact(1_000_00)).toBe('₹1,000.00');
    expect(formatRupeesExact(5)).toBe('₹0.05');
  });

  it('groups what the shopper types', () => {
    expect(groupIndian('')).toBe('');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('100000')).toBe('1,00,000');
    expect(groupIndian('12345678')).toBe('1,23,45,678');
    expect(displayAmountInput('100000.5')).toBe('1,00,000.5');
    expect(displayAmountInput('0.')).toBe('0.');
  });

  it('keeps digits and one decimal point with two decimals', () => {
    expect(cleanAmountInput('₹1,2a3.456')).toBe('123.45');
    expect(cleanAmountInput('1,00,000')).toBe('100000');
    expect(cleanAmountInput('007')).toBe('7');
    expect(cleanAmountInput('.5')).toBe('0.5');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
    expect(cleanAmountInput('123456789')).toBe('1234567');
  });

  it('reads rupees into paise exactly, and back', () => {
    expect(amountInputToPaise('')).toBeNull();
    expect(amountInputToPaise('0.')).toBe(0);
    expect(amountInputToPaise('1000')).toBe(1_000_00);
    expect(amountInputToPaise('0.1')).toBe(10);
    expect(amountInputToPaise('19.99')).toBe(1999);
    expect(paiseToAmountParam(1_000_00)).toBe('1000');
    expect(paiseToAmountParam(100_050)).toBe('1000.50');
    expect(paiseToAmountParam(1999)).toBe('19.99');
  });

  it('formats percents without trailing zeros', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(7.25)).toBe('7.25%');
  });
});

describe('checkBillAmount', () => {
  it('says nothing while the field is empty', () => {
    expect(checkBillAmount('')).toEqual({ ok: false, paise: null, error: null, notice: null });
  });

  it('lets a bill under ₹50 through with the minimum-bill message (no offer applies)', () => {
    expect(checkBillAmount('49.99')).toEqual({ ok: true, paise: 4999, error: null, notice: BILL_MESSAGES.belowMinimum });
    expect(BILL_MESSAGES.belowMinimum).toBe('Minimum bill of ₹50 to apply any offer');
  });

  it('has no message from ₹50 up', () => {
    expect(checkBillAmount('50')).toEqual({ ok: true, paise: 5000, error: null, notice: null });
    expect(checkBillAmount('1000')).toEqual({ ok: true, paise: 100_000, error: null, notice: null });
  });

  it('refuses less than ₹1 and more than ₹10,00,000 with the server’s messages', () => {
    expect(checkBillAmount('0.5')).toMatchObject({ ok: false, error: BILL_MESSAGES.amountTooSmall });
    expect(checkBillAmount('1000000.01')).toMatchObject({ ok: false, error: BILL_MESSAGES.amountTooLarge });
    expect(checkBillAmount('1000000')).toMatchObject({ ok: true });
  });
});
