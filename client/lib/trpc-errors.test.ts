import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorCode, fieldErrorsOf, formErrorsOf, httpStatusOf, messageOf, readTrpcError, serverMessageOf } from './trpc-errors';

const serverError = (message: string, data: Record<string, unknown>) =>
  TRPCClientError.from({ error: { message, code: -32600, data } } as never);
const network = () => TRPCClientError.from(new Error('Failed to fetch'));

describe('tRPC error reader', () => {
  it('reads the code, the HTTP status, the message and the first message per field', () => {
    const error = serverError('Please check the form', {
      code: 'BAD_REQUEST',
      httpStatus: 400,
      fieldErrors: { email: 'Invalid email address', 'timeSlots.1.endTime': ['Ends before it starts', 'second'] },
    });
    expect(readTrpcError(error)).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'Please check the form',
      fieldErrors: { email: 'Invalid email address', 'timeSlots.1.endTime': 'Ends before it starts' },
    });
    expect(errorCode(error)).toBe('BAD_REQUEST');
    expect(httpStatusOf(error)).toBe(400);
  });

  it('has no code, status or field errors for a network failure or a plain error', () => {
    expect(readTrpcError(network())).toEqual({ code: undefined, httpStatus: undefined, message: 'Failed to fetch', fieldErrors: null });
    expect(readTrpcError(new Error('boom')).message).toBe('boom');
    expect(fieldErrorsOf(network())).toEqual({});
    expect(errorCode('nonsense')).toBeUndefined();
  });

  it('messageOf: the call’s message (the server’s or the network’s), never the generic 500 text', () => {
    expect(messageOf(serverError('Slot overlaps', { code: 'CONFLICT', httpStatus: 409 }), 'fallback')).toBe('Slot overlaps');
    // The browser's "Failed to fetch" is not shown: a sentence a shopper can act on is.
    expect(messageOf(network(), 'fallback')).toBe("We couldn't reach Bachat. Check your connection and try again.");
    expect(messageOf(serverError('Internal server error', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }), 'fallback')).toBe('fallback');
    expect(messageOf(new Error('not tRPC'), 'fallback')).toBe('fallback');
  });

  it('serverMessageOf: only words the server chose, else its first field error, else the fallback', () => {
    expect(serverMessageOf(serverError('Wrong Otp. Try again.', { code: 'BAD_REQUEST', httpStatus: 400 }))).toBe('Wrong Otp. Try again.');
    expect(serverMessageOf(serverError('', { code: 'BAD_REQUEST', fieldErrors: { otp: 'otp should be of 6 digits' } }))).toBe(
      'otp should be of 6 digits',
    );
    expect(serverMessageOf(serverError('Internal server error', { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(serverMessageOf(network(), 'Check your connection.')).toBe('Check your connection.');
  });

  it('formErrorsOf: a message said under its field is not said again under the form', () => {
    const checksum = 'This GSTIN is not valid: check the last character';
    const bad = serverError(checksum, { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { gstin: checksum } });
    expect(formErrorsOf(bad, 'fallback')).toEqual({ gstin: checksum });
    // A field the form does not show: its message goes under the form, once.
    expect(formErrorsOf(bad, 'fallback', ['ackNumber'])).toEqual({ form: checksum });
    const conflict = serverError('Username already taken', { code: 'CONFLICT', httpStatus: 409 });
    expect(formErrorsOf(conflict, 'fallback')).toEqual({ form: 'Username already taken' });
    expect(formErrorsOf(new Error('boom'), 'fallback')).toEqual({ form: 'fallback' });
  });
});
