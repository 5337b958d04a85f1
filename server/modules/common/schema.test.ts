import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber, phoneInputValue, phoneNumberSchema } from './schema.ts';

const message = (value: unknown) => {
  const result = phoneNumberSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('phoneNumberSchema (SPEC §5: non-digits stripped first, then the rule)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['(+91) 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['09876543210', '9876543210'],
    [' 98765 43210 ', '9876543210'],
    ['1111111111', '1111111111'],
    ['01111111111', '1111111111'],
    ['+91 11111 11111', '1111111111'],
  ])('reads %j as %s', (input, expected) => {
    expect(phoneNumberSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', 'Phone Number is required'],
    ['+', 'Phone Number is required'],
    [undefined, 'Phone Number is required'],
    ['5876543210', 'Please enter a valid phone number'],
    ['987654321', 'Please enter a valid phone number'],
    ['98765432101', 'Please enter a valid phone number'],
    // A 12-digit number is only a number with its country code when that code is 91.
    ['929876543210', 'Please enter a valid phone number'],
    ['+91 58765 43210', 'Please enter a valid phone number'],
    ['0 58765 43210', 'Please enter a valid phone number'],
    ['0098765 43210', 'Please enter a valid phone number'],
    ['+91 098765 43210', 'Please enter a valid phone number'],
  ])('refuses %j with %j', (input, expected) => {
    expect(message(input)).toBe(expected);
  });
});

describe('phone inputs', () => {
  it('normalizePhoneNumber drops only the 12-digit 91 and the 11-digit 0', () => {
    expect(normalizePhoneNumber('+91 98765 43210')).toBe('9876543210');
    expect(normalizePhoneNumber('098765 43210')).toBe('9876543210');
    expect(normalizePhoneNumber('9198765432')).toBe('9198765432');
    expect(normalizePhoneNumber('0987654321')).toBe('0987654321');
  });

  it('phoneInputValue keeps what is being typed and reads a pasted number whole', () => {
    expect(phoneInputValue('98765')).toBe('98765');
    expect(phoneInputValue('91987654321')).toBe('91987654321');
    expect(phoneInputValue('919876543210')).toBe('9876543210');
    expect(phoneInputValue('+91 98765 43210')).toBe('9876543210');
    expect(phoneInputValue('098765 43210')).toBe('9876543210');
    expect(phoneInputValue('98765432109876')).toHaveLength(12);
  });
});
