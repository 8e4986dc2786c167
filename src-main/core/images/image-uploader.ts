import type { EmitEvent } from '../../../shared/contract/bridge';
import { replaceImageUrls } from '../../../shared/rules/image-upload';
import { PlatformError } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { LocalDb } from '../store/open-store';
import { MAX_BACKOFF_MS, backoffMs } from '../sync/backoff';
import { createSingleFlight } from '../sync/single-flight';
import type { ImageStore, QueuedFile } from './image-store';
import { uploadImageFile } from './image-upload-client';
import { LOCAL_IMAGE_PREFIX } from './local-image-url';

// Carries picked images to the platform: the queue is the image_files rows without a
// platform URL (durable in SQLite, so a restart resumes it). A pass uploads what is due,
// one file at a time; when the platform cannot be reached it stops and tries again with
// backoff (like the sync engine, up to a minute). A file whose letter has not reached the
// platform yet waits for it. When every file of an image is up, each letter that shows the
// image has its local URLs replaced by the platform's (a local save, pushed by sync), and
// the `images.uploaded` event tells an open composer to do the same.

const PASS_SIZE = 25;

export interface ImageUploaderOptions {
  images: ImageStore;
  letters: LettersStore;
  db: LocalDb;
  session: SessionService;
  platformUrl: string;
  emit: EmitEvent;
  /** A letter was saved locally (its URLs replaced): let sync push it. */
  letterSaved: () => Promise<void>;
  log: (message: string, detail?: unknown) => void;
}

export function createImageUploader(options: ImageUploaderOptions) {
  const { images, letters, db, session, platformUrl, emit, letterSaved, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** While the platform cannot be reached (or no one is signed in), timed passes wait until then. */
  let pausedUntil = 0;
  let failures = 0;

  function pause() {
    failures += 1;
    pausedUntil = Date.now() + backoffMs(failures);
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, Math.max(0, delayMs));
    timer.unref?.();
  }

  async function scheduleNext() {
    const next = await images.nextAttemptAt();
    if (next === null) return;
    const at = Math.max(next === '' ? 0 : Date.parse(next), pausedUntil);
    schedule(at - Date.now());
  }

  const retryAt = (file: QueuedFile) => new Date(Date.now() + backoffMs(file.attempts + 1)).toISOString();

  /** One file; answers false when the platform cannot be reached (the pass stops). */
  async function uploadOne(file: QueuedFile): Promise<boolean> {
    const letter = await letters.getByUniqueId(file.letter_unique_id);
    if (!letter) {
      await images.markFailed(file, 'The letter of this image is no longer on this computer.', null);
      return true;
    }
    if (letter.id === null) {
      // The platform names images by the letter they belong to: wait for the letter's first push.
      await images.markFailed(file, 'Waiting for the letter to reach the platform.', retryAt(file));
      return true;
    }
    let bytes: Buffer;
    try {
      bytes = await images.readFile(file);
    } catch (error) {
      log('An image file could not be read', error);
      await images.markFailed(file, 'This image is no longer on this computer.', null);
      return true;
    }
    try {
      const uploaded = await uploadImageFile(platformUrl, session.getToken(), {
        brandSlug: letter.brandSlug,
        channelSlug: letter.channelSlug,
        letterId: letter.id,
        fileName: file.file_name,
        contentType: file.content_type,
        bytes,
      });
      await images.markUploaded(file, uploaded.url);
      return true;
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.isUnauthorized) await session.signedOutByPlatform();
      if (error.isPermanent) {
        // Refused for good (the letter is gone from the platform, the file is refused): the local copy stays shown.
        await images.markFailed(file, error.message, null);
        return true;
      }
      await images.markFailed(file, error.message, retryAt(file));
      return false;
    }
  }

  async function pass(): Promise<void> {
    try {
      if (!(await session.ensureSignedIn())) return pause();
    } catch (error) {
      if (error instanceof PlatformError) return pause();
      throw error;
    }
    const done = new Set<string>();
    for (;;) {
      const due = await images.due(new Date().toISOString(), PASS_SIZE);
      if (due.length === 0 || stopped) break;
      let reachable = true;
      for (const file of due) {
        if (stopped) break;
        reachable = await uploadOne(file);
        if (!reachable) {
          pause();
          break;
        }
        failures = 0;
        done.add(file.image_id);
      }
      if (!reachable) break;
    }
    for (const imageId of done) await replaceInLetters(imageId);
  }

  /** Every letter showing the image takes the platform's URLs; an open composer is told. */
  async function replaceInLetters(imageId: string) {
    const urls = await images.uploadedUrls(imageId);
    if (!urls) return;
    // The image's own letter, and any copy made of it meanwhile (a conflicted copy, a clone).
    const rows = await db
      .selectFrom('letters')
      .select('unique_id')
      .where('body', 'like', `%${LOCAL_IMAGE_PREFIX}${imageId}/%`)
      .execute();
    const targets = new Set(rows.map((row) => row.unique_id));
    const owner = await images.ownerOf(imageId);
    if (owner) targets.add(owner);
    for (const uniqueId of targets) {
      const letter = await letters.getByUniqueId(uniqueId);
      if (!letter) continue;
      const blocks = replaceImageUrls(letter.blocks, urls);
      const openGraphImageUrl = replaceImageUrls(letter.openGraphImageUrl, urls);
      if (blocks !== letter.blocks || openGraphImageUrl !== letter.openGraphImageUrl) {
        await letters.saveLocal(uniqueId, { blocks, openGraphImageUrl }, new Date().toISOString());
        await letterSaved();
      }
      // Told even when the stored letter had nothing to replace: an open composer may hold
      // the local URLs in edits it has not saved yet.
      emit('images.uploaded', { letterUniqueId: uniqueId, urls });
    }
  }

  const flight = createSingleFlight({
    round: pass,
    finish: scheduleNext,
    stopped: () => stopped,
    onError: (error) => {
      log('Image upload failed', error);
      schedule(MAX_BACKOFF_MS);
    },
  });
  const run = (): Promise<void> => (stopped ? Promise.resolve() : flight.run());

  return {
    /** Uploads what is due now; resolves when that pass ends. */
    run,
    start() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flight.current();
    },
  };
}

export type ImageUploader = ReturnType<typeof createImageUploader>;
