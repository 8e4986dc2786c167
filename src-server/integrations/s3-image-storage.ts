import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isImageKey, type ImageStorage } from './image-storage';

// Image storage in an S3-compatible bucket, so every platform instance sees every upload
// (issue 39). The same flat random keys as on disk, checked the same way before any call:
// a key that is not one of ours never reaches the bucket, so no key, however a caller got
// it, names another object, prefix or bucket.

export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com, or a self-hosted server's address; absent: AWS's own for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (`/bucket/key`): what self-hosted servers (MinIO, s3rver) need. */
  forcePathStyle: boolean;
  /**
   * The bucket's public address (S3_PUBLIC_URL, no trailing slash): /media/{key} then
   * redirects there, so image bytes no longer pass through the platform. Absent: served through it.
   */
  publicUrl?: string;
}

export function createS3ImageStorage(settings: S3Settings): ImageStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A missing bucket or a refused key is a fault to report, not to hammer at.
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;

  return {
    async put(key, bytes) {
      if (!isImageKey(key)) throw new Error(`Not an image key: ${key}`);
      // One PUT: S3 makes an object visible whole or not at all, so nothing half-written is served.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }));
    },

    async open(key) {
      if (!isImageKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) throw new Error(`The object store answered ${key} without a body`);
        return { stream: answer.Body, byteSize: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      if (!isImageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    publicUrl(key) {
      return settings.publicUrl && isImageKey(key) ? `${settings.publicUrl}/${key}` : null;
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
