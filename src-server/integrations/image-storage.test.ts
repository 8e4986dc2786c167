import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_3X2 } from '../testing/image-fixtures';
import { createDiskImageStorage, isImageKey, newImageKey } from './image-storage';
import type { ImageStorage } from './image-storage';

let root: string;
let storage: ImageStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-storage-'));
  // The folder does not exist yet: it is made on the first upload, not at start.
  storage = createDiskImageStorage(path.join(root, 'images'));
});
afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('disk image storage', () => {
  it('keeps bytes under a fresh key and gives them back, leaving no temporary file', async () => {
    const key = newImageKey('png');
    expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
    await storage.put(key, PNG_3X2);
    const stored = await storage.open(key);
    expect(stored?.byteSize).toBe(PNG_3X2.length);
    expect((await read(stored!.stream)).equals(PNG_3X2)).toBe(true);
    const files = await fs.readdir(path.join(root, 'images'), { recursive: true });
    expect(files.sort()).toEqual([key.slice(0, 2), path.join(key.slice(0, 2), key)]);

    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
  });

  it('answers nothing for keys it did not make, and writes none', async () => {
    await fs.writeFile(path.join(root, 'secret.png'), 'secret');
    for (const key of ['../secret.png', '../../secret.png', '/etc/passwd', 'secret.png', `${'a'.repeat(32)}.png/..`, '']) {
      expect(isImageKey(key)).toBe(false);
      expect(await storage.open(key)).toBeNull();
      await expect(storage.put(key, PNG_3X2)).rejects.toThrow('Not an image key');
      await storage.remove(key);
    }
    expect(await fs.readFile(path.join(root, 'secret.png'), 'utf8')).toBe('secret');
  });

  it('answers check while its folder is still to be made, and refuses one under a file', async () => {
    await storage.check();
    await fs.writeFile(path.join(root, 'a-file'), 'x');
    await expect(createDiskImageStorage(path.join(root, 'a-file', 'images')).check()).rejects.toThrow();
  });

  it('gives different keys to every upload', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newImageKey('jpg')));
    expect(keys.size).toBe(1000);
    expect(() => newImageKey('../x')).toThrow();
  });
});
