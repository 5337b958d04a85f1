import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { knexConfig } from '../../knexfile.ts';
import { useTestDatabase } from '../test/setup.ts';
import { createTestApp, testDatabaseUrl, testEnv } from '../test/app.ts';
import { testDb } from '../test/database.ts';
import { businessWorld, png, type BusinessWorld } from '../test/factories.ts';
import { startS3Fake, type S3Fake } from '../test/s3.ts';
import { createLocalStorage, createS3Storage, createStorage, publicStorageOrigin, type S3Storage } from './storage.ts';
import { copyDirectoryToBucket } from './storage-migrate.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';

useTestDatabase();

let s3: S3Fake;
let bucket: S3Storage;
beforeAll(async () => {
  s3 = await startS3Fake();
  bucket = s3.storage();
});
afterAll(async () => {
  await s3.close();
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

describe('the s3 driver', () => {
  it('puts, reads, checks and deletes objects; a missing key is null, not an error', async () => {
    expect(await bucket.get('outlets/1/none.webp')).toBeNull();
    expect(await bucket.exists('outlets/1/none.webp')).toBe(false);
    await bucket.put('outlets/1/a-640.webp', Buffer.from([1, 2, 3]));
    await bucket.put('seed/logo.svg', SVG);
    expect(await bucket.get('outlets/1/a-640.webp')).toEqual(Buffer.from([1, 2, 3]));
    expect((await bucket.get('seed/logo.svg'))!.toString()).toBe(SVG);
    expect(await bucket.exists('outlets/1/a-640.webp')).toBe(true);
    expect(await bucket.head('seed/logo.svg')).toMatchObject({ size: Buffer.byteLength(SVG) });
    await bucket.delete('outlets/1/a-640.webp');
    await bucket.delete('outlets/1/a-640.webp'); // deleting twice is fine
    expect(await bucket.exists('outlets/1/a-640.webp')).toBe(false);
  });

  it('stores each file with its type and caching, private ones never cached', async () => {
    await bucket.put('seed/typed.svg', SVG);
    await bucket.put('private/2026/doc-1600.webp', Buffer.from('x'));
    const svg = await bucket.open('seed/typed.svg', { head: true });
    const doc = await bucket.open('private/2026/doc-1600.webp', { head: true });
    expect(svg).toMatchObject({ contentType: 'image/svg+xml', contentLength: Buffer.byteLength(SVG) });
    expect(doc).toMatchObject({ contentType: 'image/webp' });
    // What the bucket sends when it serves the file itself (S3_PUBLIC_URL): read back raw.
    const raw = await fetch(`${s3.endpoint}/${s3.bucket}/seed/typed.svg`);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('refuses unsafe keys before any request', async () => {
    for (const key of ['../etc/passwd', '/abs.webp', 'a//b.webp', 'outlets/../private/x.webp', '']) {
      await expect(bucket.put(key, 'x')).rejects.toThrow(/Unsafe storage key/);
      await expect(bucket.get(key)).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it('a bucket that does not exist is an error, never an empty answer', async () => {
    const wrong = createS3Storage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    try {
      await expect(wrong.get('seed/logo.svg')).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });

  it('public URLs: through the app by default, or the bucket / CDN origin, which the pages then allow', () => {
    expect(bucket.url('outlets/1/a-640.webp')).toBe('/uploads/outlets/1/a-640.webp');
    const cdn = s3.storage({ publicUrl: 'https://img.bachat.example' });
    expect(cdn.url('outlets/1/a-640.webp')).toBe('https://img.bachat.example/outlets/1/a-640.webp');
    const env = testEnv({ ...s3.env, S3_PUBLIC_URL: 'https://img.bachat.example/bucket/' });
    expect(env.S3_PUBLIC_URL).toBe('https://img.bachat.example/bucket');
    expect(createStorage(env).url('seed/x.svg')).toBe('https://img.bachat.example/bucket/seed/x.svg');
    const origin = publicStorageOrigin(env);
    expect(origin).toBe('https://img.bachat.example');
    for (const kind of ['client', 'admin'] as const) {
      expect(contentSecurityPolicy(kind, { razorpay: false, imageOrigin: origin })).toMatch(/img-src 'self' data: blob:[^;]* https:\/\/img\.bachat\.example/);
    }
    expect(publicStorageOrigin(testEnv(s3.env))).toBeUndefined();
  });
});

describe('/uploads from the bucket', () => {
  let app: ReturnType<typeof createTestApp>;
  beforeEach(() => {
    app = createTestApp({ storage: s3.storage() });
  });

  it('serves a public file with its type, a week of caching, validators and the no-script CSP', async () => {
    await bucket.put('seed/served.svg', SVG);
    const res = await app.request.get('/uploads/seed/served.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('max-age=604800');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers['last-modified']).toBeTruthy();
    expect(Buffer.from(res.body as Buffer).toString()).toBe(SVG);
    // A revalidation gets a 304 and no body.
    const again = await app.request.get('/uploads/seed/served.svg').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    const head = await app.request.head('/uploads/seed/served.svg');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(SVG)));
  });

  it('a missing file, a bad spelling and every spelling of a private key are 404s', async () => {
    await bucket.put('private/2026/cheque-1600.webp', Buffer.from('secret'));
    await bucket.put('applications/2025/old-1600.webp', Buffer.from('secret'));
    for (const p of [
      '/uploads/seed/missing.svg',
      '/uploads/private/2026/cheque-1600.webp',
      '/uploads//private/2026/cheque-1600.webp',
      '/uploads/./private/2026/cheque-1600.webp',
      '/uploads/%70rivate/2026/cheque-1600.webp',
      '/uploads/outlets/../private/2026/cheque-1600.webp',
      '/uploads/PRIVATE/2026/cheque-1600.webp',
      '/uploads/applications/2025/old-1600.webp',
      '/uploads/%zz',
    ]) {
      const res = await app.request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.body, p).toEqual({ message: 'Not found' });
    }
    expect((await app.request.head('/uploads/private/2026/cheque-1600.webp')).status).toBe(404);
  });
});

describe('two instances on one PostgreSQL database', () => {
  let second: Knex | null = null;
  afterEach(async () => {
    await second?.destroy();
    second = null;
  });
  /** Another pool on the same database (on the embedded PGlite both apps share its one instance). */
  const secondDb = () => {
    const url = testDatabaseUrl();
    return url ? (second = knexFactory(knexConfig({ databaseUrl: url, poolMax: 4 }))) : testDb();
  };
  const upload = (app: ReturnType<typeof createTestApp>, w: BusinessWorld, photo: Buffer) =>
    app.request
      .post('/api/business/photos')
      .set(w.authA)
      .field('outletId', String(w.outletA))
      .field('subCategory', 'food')
      .attach('photo', photo, { filename: 'dosa.png', contentType: 'image/png' });

  it('a photo uploaded through one is served by the other (s3)', async () => {
    const a = createTestApp({ storage: s3.storage() });
    const b = createTestApp({ storage: s3.storage(), db: secondDb() });
    const w = await businessWorld();
    const res = await upload(a, w, await png(800, 600));
    expect(res.status).toBe(201);
    const url = res.body.IMG0 as string;
    expect(url).toMatch(/^\/uploads\/outlets\/\d+\/photos\/food-[0-9a-f]+-\d+\.webp$/);
    const fromA = await a.request.get(url);
    const fromB = await b.request.get(url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(fromB.body as Buffer, fromA.body as Buffer)).toBe(0);
    // The public photos tab, read through B, lists it with the same URL.
    expect(JSON.stringify((await b.request.get(`/api/business/v2/photos/${w.outletA}`)).body)).toContain(url);
    // Deleted through B, gone for A.
    expect((await b.request.delete('/api/business/photos').set(w.authA).send({ outletId: w.outletA, index: 0, subCategory: 'food' })).status).toBe(200);
    expect((await a.request.get(url)).status).toBe(404);
  });

  it('with the local driver on two machines it was a 404 on the other (why the bucket exists)', async () => {
    const a = createTestApp();
    const b = createTestApp({ db: secondDb() });
    const w = await businessWorld();
    const res = await upload(a, w, await png(800, 600));
    expect((await a.request.get(res.body.IMG0)).status).toBe(200);
    expect((await b.request.get(res.body.IMG0)).status).toBe(404);
  });
});

describe('npm run storage:migrate', () => {
  it('copies a local uploads directory into the bucket, skips what is there, and keeps private keys private', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-migrate-')), 'uploads');
    const local = createLocalStorage(dir);
    await local.put('outlets/7/photos/food-abc-640.webp', Buffer.from('photo'));
    await local.put('seed/migrated.svg', SVG);
    await local.put('private/2026/pan-1600.webp', Buffer.from('pan'));
    fs.writeFileSync(path.join(dir, 'outlets/7/photos/food-abc-640.webp.123.tmp'), 'half');
    fs.writeFileSync(path.join(dir, 'seed/Bad Name.svg'), 'x');
    const target = s3.storage();

    const first = await copyDirectoryToBucket(dir, target);
    expect(first).toMatchObject({ copied: 3, skipped: 0, refused: 2 });
    expect(first.refusedKeys.sort()).toEqual(['outlets/7/photos/food-abc-640.webp.123.tmp', 'seed/Bad Name.svg']);
    expect((await target.get('outlets/7/photos/food-abc-640.webp'))!.toString()).toBe('photo');
    expect((await target.get('private/2026/pan-1600.webp'))!.toString()).toBe('pan');

    // Again: nothing to copy; a changed file is copied again.
    await local.put('seed/migrated.svg', `${SVG} `);
    const second = await copyDirectoryToBucket(dir, target);
    expect(second).toMatchObject({ copied: 1, skipped: 2 });
    expect((await target.get('seed/migrated.svg'))!.toString()).toBe(`${SVG} `);

    // Served from the bucket as they were from the disk: the private one is not.
    const app = createTestApp({ storage: target });
    expect((await app.request.get('/uploads/outlets/7/photos/food-abc-640.webp')).status).toBe(200);
    expect((await app.request.get('/uploads/private/2026/pan-1600.webp')).status).toBe(404);
  });

  it('a dry run copies nothing', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-migrate-')), 'uploads');
    await createLocalStorage(dir).put('seed/dry-run.svg', SVG);
    const report = await copyDirectoryToBucket(dir, bucket, { dryRun: true });
    expect(report.copied).toBe(1);
    expect(await bucket.exists('seed/dry-run.svg')).toBe(false);
  });
});
