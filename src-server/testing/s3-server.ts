import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../integrations/s3-image-storage';

// A real S3-protocol server (s3rver) on loopback, for the tests (in a temporary folder,
// removed on close) and the local cluster (in a folder it keeps): what the platform's S3
// image storage talks to in place of a service.

export interface TestS3Server {
  /** Settings that reach `bucket` on this server. */
  settings(bucket?: string): S3Settings;
  /** The folder s3rver keeps its buckets in (a test can look at what was written). */
  directory: string;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[] = ['letterdesk-images'], kept?: { directory: string }): Promise<TestS3Server> {
  const directory = kept?.directory ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-s3-')));
  if (kept) await fs.mkdir(directory, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = (await server.run()) as { port: number };
  return {
    directory,
    settings: (bucket = buckets[0]!) => ({
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    async close() {
      await server.close().catch(() => undefined);
      if (!kept) await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
