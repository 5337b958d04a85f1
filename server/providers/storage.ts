import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import mime from 'mime-types';
import type { Env } from '../env.ts';

/**
 * Where uploaded and seeded files live. Keys are relative paths such as `outlets/12/ambience-0.webp`.
 * Two drivers: `local` (a directory, one machine) and `s3` (a bucket every instance shares: AWS S3,
 * Cloudflare R2, MinIO). Services only use this interface; `/uploads` (http/static.ts) serves the public
 * keys of either.
 */
export interface StorageBase {
  put(key: string, data: Buffer | string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public URL a browser loads the file from (never for a private key: `/uploads` refuses those). */
  url(key: string): string;
}

/** Files in a directory, served by Koa at `/uploads` with koa-send. */
export interface LocalStorage extends StorageBase {
  driver: 'local';
  root: string;
}

/** A stored object as `/uploads` sends it. */
export interface StoredObject {
  /** The bytes (a stream from the bucket); absent for a HEAD. */
  body?: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/** Objects in a bucket; `/uploads` streams public ones from it (or browsers load them from S3_PUBLIC_URL). */
export interface S3Storage extends StorageBase {
  driver: 's3';
  bucket: string;
  /** The object's size and validator, or null when there is none. */
  head(key: string): Promise<{ size: number; etag?: string } | null>;
  /**
   * The object for a GET (`head: false`) or a HEAD; `'not-modified'` when the request's validators
   * still match (the bucket answered 304); null when there is no such object.
   */
  open(key: string, options: { head: boolean; ifNoneMatch?: string; ifModifiedSince?: string }): Promise<StoredObject | 'not-modified' | null>;
  /** Closes the client's sockets. */
  close(): void;
}

export type Storage = LocalStorage | S3Storage;

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/**
 * Keys under these prefixes are private: `/uploads` never serves them (http/static.ts), and only
 * authenticated routes read them with `get` (e.g. the back office's documents route). `applications/`
 * is where /for-business-form documents lived before they moved under `private/`.
 */
export const PRIVATE_PREFIX = 'private/';
export const PRIVATE_PREFIXES = [PRIVATE_PREFIX, 'applications/'] as const;

export function isPrivateKey(key: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

/** The Content-Type a key is stored and served with, from its extension. */
export function contentTypeOf(key: string): string {
  return mime.contentType(path.extname(key)) || 'application/octet-stream';
}

/**
 * How long browsers and shared caches keep a public file: every upload gets a new random key
 * (lib/images.ts), so a key's bytes never change. The same header whether `/uploads` serves the file
 * from the disk (koa-send's `maxage`) or from the bucket, or the bucket serves it itself.
 */
export const PUBLIC_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Local disk under `root`, served by Koa at `/uploads` (except the private prefixes). */
export function createLocalStorage(root: string, publicPrefix = '/uploads'): LocalStorage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    driver: 'local',
    root,
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await fs.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    url(key) {
      assertSafeKey(key);
      return `${publicPrefix}/${key}`;
    },
  };
}

export interface S3Options {
  bucket: string;
  region: string;
  /** Empty: AWS's endpoint for the region. */
  endpoint?: string;
  /** Both or neither: neither uses the SDK's default credential chain (environment, IAM role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Public keys' URLs start with this instead of `/uploads` (the bucket's public URL or a CDN). */
  publicUrl?: string;
}

/** The status an SDK error carries (404 for a missing key or bucket, 304 for a conditional GET that matched). */
function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isMissingKey(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  // NoSuchBucket is a 404 too, but a configuration error, not a missing file: it must fail loudly.
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/**
 * A bucket through the official AWS SDK (`@aws-sdk/client-s3`), as every instance of the app shares it.
 * Checksums are sent and checked only where an operation requires them (`WHEN_REQUIRED`): since
 * 3.729 the SDK adds CRC32 headers to every upload by default, which older S3-compatible stores
 * (and R2 and MinIO releases of that time) refused. `ContentLength` is always sent, so a short body
 * fails rather than storing a truncated file.
 */
export function createS3Storage(options: S3Options): S3Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A stalled bucket fails the request in bounded time rather than holding it (and its socket) forever.
    requestHandler: new NodeHttpHandler({ connectionTimeout: 3_000, requestTimeout: 15_000 }),
  });
  const Bucket = options.bucket;
  const publicPrefix = options.publicUrl ?? '/uploads';
  const head = async (key: string) => {
    assertSafeKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: out.ContentLength ?? 0, etag: out.ETag };
    } catch (e) {
      if (isMissingKey(e)) return null;
      throw e;
    }
  };
  return {
    driver: 's3',
    bucket: Bucket,
    async put(key, data) {
      assertSafeKey(key);
      const body = typeof data === 'string' ? Buffer.from(data) : data;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentTypeOf(key),
          // What the bucket (or a CDN) sends when it serves the file itself (S3_PUBLIC_URL).
          CacheControl: isPrivateKey(key) ? 'private, no-store' : `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`,
        }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (e) {
        if (isMissingKey(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // Deleting a key that is not there succeeds (S3 answers 204 either way).
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    head,
    async open(key, request) {
      assertSafeKey(key);
      const conditions = { IfNoneMatch: request.ifNoneMatch, IfModifiedSince: request.ifModifiedSince ? new Date(request.ifModifiedSince) : undefined };
      if (conditions.IfModifiedSince && Number.isNaN(conditions.IfModifiedSince.getTime())) conditions.IfModifiedSince = undefined;
      try {
        const out = request.head
          ? await client.send(new HeadObjectCommand({ Bucket, Key: key, ...conditions }))
          : await client.send(new GetObjectCommand({ Bucket, Key: key, ...conditions }));
        return {
          body: 'Body' in out ? (out.Body as Readable | undefined) : undefined,
          contentType: out.ContentType || contentTypeOf(key),
          contentLength: out.ContentLength,
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (e) {
        if (statusOf(e) === 304) return 'not-modified';
        if (isMissingKey(e)) return null;
        throw e;
      }
    },
    url(key) {
      assertSafeKey(key);
      return `${publicPrefix}/${key}`;
    },
    close() {
      client.destroy();
    },
  };
}

export function createStorage(
  env: Pick<Env, 'STORAGE_DRIVER' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE' | 'S3_PUBLIC_URL'>,
): Storage {
  switch (env.STORAGE_DRIVER) {
    case 'local':
      return createLocalStorage(path.resolve(env.DATA_DIR === 'memory' ? '.data' : env.DATA_DIR, 'uploads'));
    case 's3':
      if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
      return createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        publicUrl: env.S3_PUBLIC_URL,
      });
  }
}

/** The origin public files are loaded from when it is not the app's own (S3_PUBLIC_URL), for the pages' CSP. */
export function publicStorageOrigin(env: Pick<Env, 'STORAGE_DRIVER' | 'S3_PUBLIC_URL'>): string | undefined {
  return env.STORAGE_DRIVER === 's3' && env.S3_PUBLIC_URL ? new URL(env.S3_PUBLIC_URL).origin : undefined;
}
