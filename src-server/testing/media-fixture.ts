import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Letter } from '../../shared/model/letter';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createDiskImageStorage, type ImageStorage } from '../integrations/image-storage';
import { imagesDb } from '../media/image-records';
import { createRival, type Rival } from './audience-fixtures';
import { channelId, createLetterAs, type Headers } from './letter-fixtures';
import { createTestApp, signIn, type TestApp } from './test-app';

// What the media route tests share: the demo editor with a letter in `weekly`, another
// tenant's user, and a folder of images for the apps under test to store into.

export interface MediaFixture {
  /** A platform without image storage (uploads answer 503); its db is the one the apps use. */
  t: TestApp;
  editor: Headers;
  rival: Rival;
  /** The demo editor's letter the images are for. */
  letter: Letter;
  imageStorage: ImageStorage;
  /** Image rows and files on disk: equal before and after means a refusal stored nothing. */
  stored(): Promise<{ rows: number; files: number }>;
  close(): Promise<void>;
}

export async function openMediaFixture(dirPrefix: string): Promise<MediaFixture> {
  const t = await createTestApp();
  try {
    const editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const rival = await createRival(t);
    const letter = await createLetterAs(t.app, editor, { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') });
    const imagesDir = await fs.mkdtemp(path.join(os.tmpdir(), dirPrefix));
    return {
      t,
      editor,
      rival,
      letter,
      imageStorage: createDiskImageStorage(imagesDir),
      async stored() {
        const rows = await imagesDb(t.db).selectFrom('images').select('storageKey').execute();
        const files = (await fs.readdir(imagesDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
        return { rows: rows.length, files: files.length };
      },
      async close() {
        await t.close();
        await fs.rm(imagesDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await t.close();
    throw error;
  }
}
