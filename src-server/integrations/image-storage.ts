import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

// Where uploaded images are kept (DECISIONS "Services that live outside the platform").
// The default is a folder on the platform's disk; several instances share an S3-compatible
// bucket instead (s3-image-storage.ts, chosen by the S3_* settings). Keys are made here, random and flat (`<32 hex>.<ext>`), and every
// method refuses anything else, so no key, however a caller got it, names a path outside
// the folder.

export interface StoredImage {
  stream: Readable;
  byteSize: number;
}

export interface ImageStorage {
  /** Keeps `bytes` under `key`, made by newImageKey (random, so two uploads never share one). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under `key`, or null when there are none (or the key is not one of ours). */
  open(key: string): Promise<StoredImage | null>;
  /** Forgets `key`; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** Resolves when the storage answers and can be written to (readiness); rejects saying why not. */
  check(): Promise<void>;
  /** Where readers can fetch `key` straight from the store (a public bucket); absent or null: through the platform. */
  publicUrl?(key: string): string | null;
}

const KEY = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export function isImageKey(key: string): boolean {
  return KEY.test(key);
}

/** 128 random bits: a public image URL cannot be guessed from another one. */
export function newImageKey(extension: string): string {
  const key = `${randomBytes(16).toString('hex')}.${extension}`;
  if (!isImageKey(key)) throw new Error(`Not an image extension: ${extension}`);
  return key;
}

export function createDiskImageStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  // Two hex characters of fan-out keep any one folder small.
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);

  return {
    async put(key, bytes) {
      if (!isImageKey(key)) throw new Error(`Not an image key: ${key}`);
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed into place, so a half-written file is never served.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, bytes, { flag: 'wx' });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async open(key) {
      if (!isImageKey(key)) return null;
      const file = fileOf(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), byteSize: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(key) {
      if (!isImageKey(key)) return;
      await fs.rm(fileOf(key), { force: true });
    },

    async check() {
      // The folder is made on the first upload; until then its parent must take it.
      let folder = root;
      for (;;) {
        try {
          await fs.access(folder, fs.constants.W_OK);
          return;
        } catch (error) {
          const parent = path.dirname(folder);
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder) throw error;
          folder = parent;
        }
      }
    },
  };
}
