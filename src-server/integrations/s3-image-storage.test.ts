import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_3X2 } from '../testing/image-fixtures';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { newImageKey } from './image-storage';
import { createS3ImageStorage } from './s3-image-storage';

// Against a real S3-protocol server on loopback (s3rver), with a second bucket beside ours
// that no key may reach.

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server(['letterdesk-images', 'other-bucket']);
  // One object kept throughout, so "nothing changed" compares against a bucket that holds something.
  await createS3ImageStorage(s3.settings()).put(newImageKey('gif'), PNG_3X2);
});
afterAll(async () => {
  await s3?.close();
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every object file s3rver keeps, by bucket folder. */
async function objectsIn(bucket: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(s3.directory, bucket), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object')).map((entry) => entry.name);
}

describe('S3 image storage', () => {
  it('keeps bytes under a fresh key, gives them back, and forgets them', async () => {
    const storage = createS3ImageStorage(s3.settings());
    await storage.check();
    const key = newImageKey('png');
    await storage.put(key, PNG_3X2);
    const stored = await storage.open(key);
    expect(stored?.byteSize).toBe(PNG_3X2.length);
    expect((await read(stored!.stream)).equals(PNG_3X2)).toBe(true);

    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    await storage.remove(key);
  });

  it('answers null for a missing object', async () => {
    const storage = createS3ImageStorage(s3.settings());
    expect(await storage.open(newImageKey('jpg'))).toBeNull();
  });

  it('a failed upload rejects and leaves nothing behind', async () => {
    const before = await objectsIn('letterdesk-images');
    expect(before).toHaveLength(1);
    const missingBucket = createS3ImageStorage(s3.settings('no-such-bucket'));
    const key = newImageKey('png');
    await expect(missingBucket.put(key, PNG_3X2)).rejects.toThrow();
    await expect(missingBucket.check()).rejects.toThrow();
    expect(await createS3ImageStorage(s3.settings()).open(key)).toBeNull();
    expect(await objectsIn('letterdesk-images')).toEqual(before);
  });

  it('refuses keys it did not make, so none reaches another object or bucket', async () => {
    const other = createS3ImageStorage(s3.settings('other-bucket'));
    const secret = newImageKey('png');
    await other.put(secret, PNG_3X2);
    const storage = createS3ImageStorage(s3.settings());
    const before = await objectsIn('letterdesk-images');
    expect(before).toHaveLength(1);
    for (const key of [`../other-bucket/${secret}`, `/other-bucket/${secret}`, `%2e%2e/other-bucket/${secret}`, `${secret}/..`, 'x/../y.png', '']) {
      expect(await storage.open(key)).toBeNull();
      await expect(storage.put(key, PNG_3X2)).rejects.toThrow('Not an image key');
      await storage.remove(key);
    }
    expect(await objectsIn('letterdesk-images')).toEqual(before);
    expect((await read((await other.open(secret))!.stream)).equals(PNG_3X2)).toBe(true);
  });

  it('check rejects when the server does not answer', async () => {
    const storage = createS3ImageStorage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' });
    await expect(storage.check()).rejects.toThrow();
  });
});
