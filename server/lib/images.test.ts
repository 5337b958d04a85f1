import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { setRuntime, type Runtime } from './runtime.ts';
import { createLocalStorage } from '../providers/storage.ts';
import { deleteImageVariants, ImageRejectedError, processImage, storeImage } from './images.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c05010' } }).png().toBuffer();

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bachat-images-'));
  setRuntime({ storage: createLocalStorage(root), logger: createLogger({ level: 'silent' }) } as unknown as Runtime);
});

describe('processImage', () => {
  it('re-encodes to WebP at each width without enlarging, keeping the aspect ratio', async () => {
    const out = await processImage(await png(1200, 600), { widths: [800, 2000] });
    expect(out).toMatchObject({ sourceFormat: 'png', width: 1200, height: 600 });
    const [a, b] = out.variants;
    expect(a).toMatchObject({ target: 800, width: 800, height: 400 });
    expect(b).toMatchObject({ target: 2000, width: 1200, height: 600 });
    expect((await sharp(a!.data).metadata()).format).toBe('webp');
  });

  it('crops squares when asked', async () => {
    const out = await processImage(await png(900, 500), { widths: [256], square: true });
    expect(out.variants[0]).toMatchObject({ width: 256, height: 256 });
  });

  it('honours EXIF orientation and strips metadata', async () => {
    const rotated = await sharp(await png(400, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await processImage(rotated, { widths: [400] });
    expect(out).toMatchObject({ width: 200, height: 400 });
    const meta = await sharp(out.variants[0]!.data).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.height).toBeGreaterThan(meta.width!);
  });

  it.each([
    ['an empty file', () => Promise.resolve(Buffer.alloc(0)), /empty/],
    ['text', () => Promise.resolve(Buffer.from('hello, not an image')), /not a picture/],
    [
      'an SVG (sharp can read it, we never accept it)',
      () => Promise.resolve(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>')),
      /not a picture/,
    ],
    ['a truncated PNG', async () => (await png(300, 300)).subarray(0, 80), /picture/],
  ])('refuses %s by content', async (_l, make, reason) => {
    const error = await processImage(await make(), { widths: [100] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as Error).message).toMatch(reason);
  });

  it('limits bytes and pixels', async () => {
    await expect(processImage(await png(100, 100), { widths: [50], maxBytes: 10 })).rejects.toThrow(/at most/);
    await expect(processImage(await png(2000, 2000), { widths: [50], maxPixels: 1_000_000 })).rejects.toThrow(ImageRejectedError);
  });
});

describe('storeImage / deleteImageVariants', () => {
  it('stores each variant under one random stem and deletes them together', async () => {
    const image = await processImage(await png(600, 600), { widths: [512, 128], square: true });
    const { key, keys } = await storeImage(image, 'consumers/7/avatar');
    expect(key).toMatch(/^consumers\/7\/avatar-[0-9a-f]{12}-512\.webp$/);
    expect(keys).toEqual([key, key.replace('-512.webp', '-128.webp')]);
    for (const k of keys) expect(fs.existsSync(path.join(root, k))).toBe(true);
    await deleteImageVariants(key, [512, 128]);
    for (const k of keys) expect(fs.existsSync(path.join(root, k))).toBe(false);
  });
});
