import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from 'objection';
import { AppError, HTTP_STATUS, restBodyOf, toAppError } from './errors.ts';

describe('toAppError', () => {
  it('passes AppErrors through', () => {
    const e = new AppError('CONFLICT', 'taken');
    expect(toAppError(e)).toBe(e);
  });

  it('turns a ZodError into BAD_REQUEST with field errors', () => {
    const result = z.object({ phone: z.string().min(10, 'Please enter a valid phone number') }).safeParse({ phone: '1' });
    const e = toAppError(result.error);
    expect(e?.code).toBe('BAD_REQUEST');
    expect(e?.message).toBe('Please enter a valid phone number');
    expect(e?.details).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('maps Objection NotFoundError to NOT_FOUND', () => {
    expect(toAppError(new NotFoundError({}))?.code).toBe('NOT_FOUND');
  });

  it.each([
    ['23505', 'CONFLICT'],
    ['23503', 'CONFLICT'],
    ['23001', 'CONFLICT'],
    ['23502', 'BAD_REQUEST'],
    ['23514', 'BAD_REQUEST'],
    ['22P02', 'BAD_REQUEST'],
    ['22003', 'BAD_REQUEST'],
    ['40001', 'CONFLICT'],
  ])('maps SQLSTATE %s to %s', (code, expected) => {
    expect(toAppError({ code, detail: 'Key (slug)=(x) already exists.' })?.code).toBe(expected);
  });

  it('names the duplicated column, camelCased', () => {
    const e = toAppError({ code: '23505', detail: 'Key (referral_code)=(ME1234) already exists.' });
    expect(e?.details).toEqual({ referralCode: 'already exists' });
  });

  it('reads the driver error inside an Objection wrapper', () => {
    expect(toAppError({ nativeError: { code: '23505', detail: '' } })?.code).toBe('CONFLICT');
  });

  it('maps a body that does not decode (zlib, Brotli) to BAD_REQUEST and an unknown coding to UNSUPPORTED_MEDIA_TYPE', () => {
    expect(toAppError(Object.assign(new Error('incorrect header check'), { errno: -3, code: 'Z_DATA_ERROR' }))?.code).toBe('BAD_REQUEST');
    expect(toAppError(Object.assign(new Error('unexpected end of file'), { errno: -5, code: 'Z_BUF_ERROR' }))?.code).toBe('BAD_REQUEST');
    expect(toAppError(Object.assign(new Error('Decompression failed'), { errno: -15, code: 'ERR__ERROR_FORMAT_PADDING_2' }))?.code).toBe('BAD_REQUEST');
    expect(toAppError(Object.assign(new Error('Unsupported Content-Encoding: br2'), { status: 415 }))?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(HTTP_STATUS.UNSUPPORTED_MEDIA_TYPE).toBe(415);
  });

  it('maps program_limit_exceeded (54000, e.g. a value too long for an index row) to BAD_REQUEST', () => {
    expect(toAppError({ code: '54000' })?.code).toBe('BAD_REQUEST');
  });

  it('leaves real faults alone', () => {
    expect(toAppError(new Error('boom'))).toBeNull();
    expect(toAppError({ code: '08006' })).toBeNull();
    expect(toAppError('string')).toBeNull();
  });
});

describe('restBodyOf', () => {
  it('uses the react-admin server-validation shape for 400s', () => {
    expect(restBodyOf(new AppError('BAD_REQUEST', 'Bad', { details: { name: 'Name is required' } }))).toEqual({
      message: 'Bad',
      errors: { name: 'Name is required', root: { serverError: 'Bad' } },
    });
  });

  it('sends only the message for auth errors', () => {
    expect(restBodyOf(new AppError('UNAUTHORIZED', 'Sign in'))).toEqual({ message: 'Sign in' });
  });

  it('has an HTTP status for every code', () => {
    expect(HTTP_STATUS).toMatchObject({ BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, UNPROCESSABLE_CONTENT: 422, TOO_MANY_REQUESTS: 429 });
  });
});
