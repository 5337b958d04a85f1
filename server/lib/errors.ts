import { NotFoundError, ValidationError } from 'objection';
import { ZodError } from 'zod';

/**
 * One error vocabulary for the whole server. The codes are tRPC's own names, so the tRPC side needs
 * no translation table; the REST side maps them to HTTP statuses with `httpStatusOf`.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'INTERNAL_SERVER_ERROR';

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: FieldErrors;
  /** Seconds a client should wait (TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE); sent as `Retry-After`. */
  readonly retryAfter?: number;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { details?: FieldErrors; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const badRequest = (message: string, details?: FieldErrors) =>
  new AppError('BAD_REQUEST', message, { details });
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: FieldErrors) => new AppError('CONFLICT', message, { details });
export const unprocessable = (message: string, details?: FieldErrors) =>
  new AppError('UNPROCESSABLE_CONTENT', message, { details });
export const tooManyRequests = (message: string, retryAfter?: number) =>
  new AppError('TOO_MANY_REQUESTS', message, { retryAfter });

/** The database did not answer in time (a statement passed its deadline). */
export const DATABASE_SLOW = 'The server took too long to answer. Please try again in a moment.';
/** No database connection was free in time, or the database is restarting. */
export const DATABASE_BUSY = 'The server is busy right now. Please try again in a moment.';

/** Flattens a ZodError into `{ field: firstMessage }` (nested paths joined with dots). */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'root';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first message of a ZodError, used as the error's headline. */
export function headlineOf(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

interface PgLikeError {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  nativeError?: PgLikeError;
}

const UNIQUE_DETAIL = /Key \((.+?)\)=\(.*\) already exists/;

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** zlib's and Brotli's decoding failures: `Z_DATA_ERROR`, `Z_BUF_ERROR` (truncated), `ERR__ERROR_FORMAT_…`. */
const DECODE_ERROR_CODE = /^(Z_[A-Z_]+|ERR__[A-Z0-9_]+)$/;

/**
 * A request body that could not be read is the client's mistake: a body that does not decode with its
 * `Content-Encoding` (the JSON body parser inflates gzip, deflate and br) is a 400, a coding the reader
 * does not know a 415. Both come from the body parser (inflation + zlib) before any handler runs.
 */
function bodyReadError(error: object): AppError | null {
  const e = error as { code?: unknown; errno?: unknown; status?: unknown; message?: unknown };
  if (typeof e.errno === 'number' && typeof e.code === 'string' && DECODE_ERROR_CODE.test(e.code)) {
    return new AppError('BAD_REQUEST', 'The request body could not be decoded with its Content-Encoding.', { cause: error });
  }
  if (e.status === 415 && typeof e.message === 'string' && e.message.startsWith('Unsupported Content-Encoding')) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding: send gzip, deflate, br or an uncompressed body.', {
      cause: error,
    });
  }
  return null;
}

/**
 * Converts anything a service or the database threw into an AppError, or returns null for errors we
 * do not recognise (those are real faults: 500). Works on Objection's wrapped db-errors and on raw
 * driver errors from `pg` and PGlite alike, by SQLSTATE.
 */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    return new AppError('BAD_REQUEST', headlineOf(error), { details: fieldErrorsOf(error), cause: error });
  }
  if (error instanceof NotFoundError) return new AppError('NOT_FOUND', error.message || 'Not found', { cause: error });
  if (error instanceof ValidationError) {
    const details: FieldErrors = {};
    const data = (error.data ?? {}) as Record<string, { message: string }[]>;
    for (const [k, v] of Object.entries(data)) details[k] = v?.[0]?.message ?? 'is invalid';
    return new AppError('BAD_REQUEST', error.message, { details, cause: error });
  }
  if (typeof error !== 'object' || error === null) return null;
  // Every connection was busy for DATABASE_ACQUIRE_TIMEOUT_MS: fail fast rather than queue forever.
  if ((error as { name?: unknown }).name === 'KnexTimeoutError') {
    return new AppError('SERVICE_UNAVAILABLE', DATABASE_BUSY, { retryAfter: 2, cause: error });
  }
  const bodyError = bodyReadError(error);
  if (bodyError) return bodyError;
  const e = error as PgLikeError;
  const native = e.nativeError ?? e;
  const code = typeof native.code === 'string' ? native.code : undefined;
  if (!code || code.length !== 5) return null;
  switch (code) {
    case '23505': {
      const columns = UNIQUE_DETAIL.exec(native.detail ?? '')?.[1]
        ?.split(',')
        .map((c) => camel(c.trim().replace(/^lower\((.*)\)$/, '$1').replace(/"/g, '')));
      const details: FieldErrors = {};
      for (const c of columns ?? []) details[c] = 'already exists';
      return new AppError('CONFLICT', 'This record already exists.', { details, cause: error });
    }
    case '23001': // restrict_violation (ON DELETE RESTRICT)
    case '23503':
      return new AppError('CONFLICT', 'This record is referenced by other data, or refers to data that does not exist.', {
        cause: error,
      });
    case '23502':
      return new AppError('BAD_REQUEST', 'A required value is missing.', {
        details: native.column ? { [camel(native.column)]: 'is required' } : undefined,
        cause: error,
      });
    case '23514':
    case '23P01':
      return new AppError('BAD_REQUEST', 'A value is out of the allowed range.', { cause: error });
    case '54000': // program_limit_exceeded: a value too big for an index row, a tsvector, …
      return new AppError('BAD_REQUEST', 'A value is too long.', { cause: error });
    case '57014': // query_canceled: the statement passed its deadline (DATABASE_STATEMENT_TIMEOUT_MS)
    case '25P03': // idle_in_transaction_session_timeout
      return new AppError('SERVICE_UNAVAILABLE', DATABASE_SLOW, { retryAfter: 5, cause: error });
    case '57P01': // admin_shutdown: the connection ended under the statement (the embedded database restarted)
    case '57P03': // cannot_connect_now
    case '53300': // too_many_connections
      return new AppError('SERVICE_UNAVAILABLE', DATABASE_BUSY, { retryAfter: 2, cause: error });
    case '40001':
    case '40P01':
      return new AppError('CONFLICT', 'The request clashed with another one. Please try again.', { cause: error });
    default:
      // Class 22: data exceptions (bad number, bad date, value too long) are the client's mistake.
      if (code.startsWith('22')) return new AppError('BAD_REQUEST', 'A value has the wrong format.', { cause: error });
      return null;
  }
}

/** The REST body for an error, in react-admin's server-validation shape. */
export function restBodyOf(error: AppError): { message: string; errors?: Record<string, unknown> } {
  if (
    error.code === 'BAD_REQUEST' ||
    error.code === 'CONFLICT' ||
    error.code === 'UNPROCESSABLE_CONTENT' ||
    error.code === 'PAYLOAD_TOO_LARGE' ||
    error.code === 'UNSUPPORTED_MEDIA_TYPE'
  ) {
    return {
      message: error.message,
      errors: { ...(error.details ?? {}), root: { serverError: error.message } },
    };
  }
  return { message: error.message };
}

