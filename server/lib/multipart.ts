import type { Middleware } from 'koa';
import multer from 'multer';
import { rawBodyEncodingError } from '../http/content-encoding.ts';
import { badRequest } from './errors.ts';

/**
 * `multipart/form-data` parsing for REST routes (multer, memory storage, hard limits). Files stay in
 * memory (they are small by construction: see `maxFileBytes`) and are checked by content by whoever
 * uses them (`server/lib/images.ts`). Any malformed or oversized upload is a 400 with a clear message and
 * the field that caused it, never a 500. A request that is not multipart passes through untouched.
 */

export interface UploadedFile {
  fieldName: string;
  originalName: string;
  /** What the client claimed; never trusted for anything but logs. */
  declaredType: string;
  size: number;
  buffer: Buffer;
}

export interface MultipartOptions {
  /** The file fields accepted, each with how many files it may carry (default 1). Others are refused. */
  files: { name: string; maxCount?: number }[];
  maxFileBytes: number;
  /** Most text fields, and the largest one in bytes. */
  maxFields?: number;
  maxFieldBytes?: number;
  /** Put in front of every error message, e.g. "Failed to update profile". */
  messagePrefix?: string;
}

declare module 'koa' {
  interface DefaultState {
    /** Files parsed by `multipart()`, by field name. */
    files?: Record<string, UploadedFile[]>;
  }
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

function reasonOf(code: string, options: MultipartOptions): string {
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return `the file is too large (at most ${megabytes(options.maxFileBytes)})`;
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return 'unexpected file in the form';
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return 'too many fields in the form';
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
      return 'a form field is too long';
    default:
      return 'the form could not be read';
  }
}

/** The first file of a field, or null. */
export function firstFile(files: Record<string, UploadedFile[]> | undefined, ...names: string[]): UploadedFile | null {
  for (const name of names) {
    const file = files?.[name]?.[0];
    if (file) return file;
  }
  return null;
}

export function multipart(options: MultipartOptions): Middleware {
  const maxFiles = options.files.reduce((n, f) => n + (f.maxCount ?? 1), 0);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxFileBytes,
      files: maxFiles,
      fields: options.maxFields ?? 20,
      fieldSize: options.maxFieldBytes ?? 10_000,
      parts: maxFiles + (options.maxFields ?? 20),
    },
  }).fields(options.files.map((f) => ({ name: f.name, maxCount: f.maxCount ?? 1 })));
  const prefix = options.messagePrefix ? `${options.messagePrefix}: ` : '';

  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) return next();
    // multer reads the bytes as sent: a compressed (or mislabelled) form is refused, not parsed as plain.
    const encodingError = rawBodyEncodingError(ctx.get('Content-Encoding') || undefined);
    if (encodingError) throw encodingError;
    const req = ctx.req as typeof ctx.req & { body?: Record<string, unknown>; files?: Record<string, Express.Multer.File[]> };
    try {
      await new Promise<void>((resolve, reject) => {
        upload(req as never, ctx.res as never, (err: unknown) => (err ? reject(err) : resolve()));
      });
    } catch (error) {
      const code = error instanceof multer.MulterError ? error.code : 'MALFORMED';
      const field = error instanceof multer.MulterError && error.field ? error.field : 'root';
      const reason = reasonOf(code, options);
      const appError = badRequest(`${prefix}${reason}`, { [field]: reason });
      (appError as { cause?: unknown }).cause = error;
      throw appError;
    }
    (ctx.request as { body?: unknown }).body = { ...(req.body ?? {}) };
    const files: Record<string, UploadedFile[]> = {};
    for (const [name, list] of Object.entries(req.files ?? {})) {
      files[name] = list.map((f) => ({
        fieldName: f.fieldname,
        originalName: f.originalname,
        declaredType: f.mimetype,
        size: f.size,
        buffer: f.buffer,
      }));
    }
    ctx.state.files = files;
    delete req.body;
    delete req.files;
    await next();
  };
}
