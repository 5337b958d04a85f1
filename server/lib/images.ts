import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { runtime } from './runtime.ts';

/**
 * Uploaded images: checked by their content (never by file name or declared type), limited in bytes and
 * pixels, auto-rotated, stripped of metadata (EXIF GPS and all) and re-encoded to WebP at a few widths.
 * No upload is ever served as the bytes the client sent, so nothing executable (SVG, HTML) can ride in.
 */

/** Formats accepted as input, as sharp's decoder names them. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'] as const;

export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest decoded image: 40 megapixels (a decompression bomb stops here). */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageOptions {
  maxBytes?: number;
  maxPixels?: number;
  /** Output widths, largest first; an image is never enlarged. */
  widths: number[];
  /** Crop to a centred square (profile pictures). */
  square?: boolean;
  quality?: number;
}

export interface ImageVariant {
  /** The width asked for (names the stored file); `width` is the real one (never enlarged). */
  target: number;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  sourceFormat: string;
  /** Size of the source after rotation. */
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** A clear reason an image was refused; its message is fit to show the user. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** Checks and re-encodes an image; throws ImageRejectedError with a user-facing reason. */
export async function processImage(input: Buffer, options: ImageOptions): Promise<ProcessedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  if (!input.length) throw new ImageRejectedError('the picture is empty');
  if (input.length > maxBytes) throw new ImageRejectedError(`the picture must be at most ${megabytes(maxBytes)}`);
  let meta: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).metadata();
  } catch {
    throw new ImageRejectedError('the file is not a picture we can read (use JPEG, PNG or WebP)');
  }
  const format = meta.format ?? '';
  if (!(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new ImageRejectedError('the file is not a picture we can read (use JPEG, PNG or WebP)');
  }
  if (!meta.width || !meta.height) throw new ImageRejectedError('the picture has no size');
  if (meta.width * meta.height > maxPixels) throw new ImageRejectedError('the picture has too many pixels');
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const variants: ImageVariant[] = [];
  try {
    for (const target of options.widths) {
      const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false })
        .rotate()
        .resize(
          options.square
            ? { width: target, height: target, fit: 'cover', position: 'attention', withoutEnlargement: true }
            : { width: target, withoutEnlargement: true },
        )
        .webp({ quality: options.quality ?? 80 });
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      variants.push({ target, width: info.width, height: info.height, data });
    }
  } catch {
    throw new ImageRejectedError('the picture is damaged and could not be read');
  }
  return { sourceFormat: format, width, height, variants };
}

/**
 * Stores the variants under `<prefix>-<random>-<target width>.webp` and returns the key of the first (largest)
 * one. The random part makes every upload a new URL, so caches never show a stale picture.
 */
export async function storeImage(image: ProcessedImage, prefix: string): Promise<{ key: string; keys: string[] }> {
  const { storage } = runtime();
  const stem = `${prefix}-${randomBytes(6).toString('hex')}`;
  const keys: string[] = [];
  try {
    for (const v of image.variants) {
      const key = `${stem}-${v.target}.webp`;
      await storage.put(key, v.data);
      keys.push(key);
    }
  } catch (error) {
    await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
    throw error;
  }
  return { key: keys[0]!, keys };
}

/** Deletes `key` and the variants stored alongside it (same stem) at the given target widths. */
export async function deleteImageVariants(key: string, widths: readonly number[]): Promise<void> {
  const { storage } = runtime();
  const m = /^(.*)-\d+\.webp$/.exec(key);
  const keys = new Set([key, ...(m ? widths.map((w) => `${m[1]}-${w}.webp`) : [])]);
  await Promise.all([...keys].map((k) => storage.delete(k)));
}
