import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { createS3Storage, type S3Storage } from '../providers/storage.ts';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3_FAKE_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3Fake {
  endpoint: string;
  bucket: string;
  /** The environment variables that point the app at this bucket. */
  env: Record<string, string>;
  /** A storage client on the bucket (closed with the fake). */
  storage(options?: { publicUrl?: string }): S3Storage;
  close(): Promise<void>;
}

/**
 * A local S3 (s3rver, in this process, files in a temp dir) with one empty bucket: the tests of the
 * `s3` storage driver need nothing installed or running. It speaks the S3 REST API with SigV4, so the
 * official SDK talks to it exactly as to AWS, R2 or MinIO (path-style).
 */
export async function startS3Fake(bucket = 'bachat-test'): Promise<S3Fake> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const clients: S3Storage[] = [];
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_FAKE_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_FAKE_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    storage(options = {}) {
      const client = createS3Storage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, ...S3_FAKE_CREDENTIALS, ...options });
      clients.push(client);
      return client;
    },
    async close() {
      for (const c of clients) c.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
