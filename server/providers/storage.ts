import fs from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env.ts';

/** Where uploaded and seeded images live. Keys are relative paths such as `outlets/12/ambience-0.webp`. */
export interface Storage {
  put(key: string, data: Buffer | string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The public URL a browser loads the file from (never for a private key: `/uploads` refuses those). */
  url(key: string): string;
}

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

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** Local disk under `root`, served by Koa at `/uploads` (except the private prefixes). */
export function createLocalStorage(root: string, publicPrefix = '/uploads'): Storage & { root: string } {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
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

export function createStorage(env: Pick<Env, 'STORAGE_DRIVER' | 'DATA_DIR'>): Storage & { root: string } {
  switch (env.STORAGE_DRIVER) {
    case 'local':
      return createLocalStorage(path.resolve(env.DATA_DIR === 'memory' ? '.data' : env.DATA_DIR, 'uploads'));
  }
}
