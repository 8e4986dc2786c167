import { randomUUID } from 'node:crypto';
import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { IMPORT_FILE_MAX_BYTES } from '../../../shared/contract/bridge-import';
import { AppError } from '../../../shared/contract/errors';
import { importCounts, importSummary, importedImages } from '../../../shared/import/import-summary';
import type { Letter } from '../../../shared/model/letter';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { parseSections, serializeSections } from '../../../shared/model/section';
import type { Section } from '../../../shared/model/section';
import { cropVariant } from '../../../shared/rules/image-settings';
import type { ImageService } from '../images/image-service';
import { dataUrlPicture, letterFromFile } from '../import/letter-file';
import type { EmbeddedPicture } from '../import/letter-file';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { SyncEngine } from '../sync/sync-engine';

// Import (the letters list's button, a file dropped on the list, File → Import…): the file
// becomes a new local draft at once, offline too. Then, when the platform can be reached,
// each picture is copied through upload-from-url (the platform's guarded fetch), as the
// image panel's web address does; a picture it cannot copy keeps its original address and
// the summary says how many did.

/** A letter JSON brings its content and styles; who, where and when are the new draft's. */
function fromExport(blank: Letter, exported: Letter): Letter {
  return {
    ...blank,
    title: exported.title,
    subtitle: exported.subtitle,
    delta: exported.delta,
    settings: exported.settings,
    includePromotions: exported.includePromotions,
    utmEnabled: exported.utmEnabled,
    utms: exported.utms,
    openGraphHeadline: exported.openGraphHeadline,
    openGraphDescription: exported.openGraphDescription,
    openGraphImageUrl: exported.openGraphImageUrl,
  };
}

export function letterImportHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  sync: SyncEngine;
  images: ImageService;
}): Pick<BridgeHandlers, 'letters.import'> {
  const { store, session, sync, images } = deps;

  /**
   * Copies each picture to the platform; answers how many stayed at their own address.
   * Pictures the file carries (an .eml's inline parts, data: addresses) are imported like a
   * picked file, which works offline: this computer keeps them until the platform has them.
   */
  async function copyImages(letterUniqueId: string, sections: Section[], embedded: Record<string, EmbeddedPicture>): Promise<number> {
    let byAddress = 0;
    let reachable = true;
    for (const image of importedImages(sections)) {
      const src = image.blockModel.src;
      const carried = embedded[src] ?? dataUrlPicture(src);
      if (carried) {
        try {
          const copy = await images.importImage({ letterUniqueId, fileName: carried.fileName, mimeType: carried.mimeType, dataBase64: carried.bytes.toString('base64'), purpose: 'block' });
          image.blockModel = { ...image.blockModel, originalSrc: copy.url, src: copy.variants[cropVariant(image.blockModel.imageSmartCrop)] ?? copy.url };
        } catch (error) {
          // A picture this computer cannot read (an SVG, a broken file) is left out rather than sent broken.
          if (!(error instanceof AppError)) throw error;
          image.blockModel = { ...image.blockModel, src: '', originalSrc: '' };
        }
        continue;
      }
      if (!/^https?:\/\//i.test(src)) continue;
      if (!reachable) {
        byAddress++;
        continue;
      }
      try {
        const copy = await images.importFromUrl({ letterUniqueId, url: src, purpose: 'block' });
        image.blockModel = { ...image.blockModel, originalSrc: copy.url, src: copy.variants[cropVariant(image.blockModel.imageSmartCrop)] ?? copy.url };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        byAddress++;
        // Offline or signed out: the next picture would fail the same way.
        if (error.code === 'offline' || error.code === 'unauthorized') reachable = false;
      }
    }
    return byAddress;
  }

  return {
    async 'letters.import'({ brandSlug, channelSlug, fileName, contentBase64 }) {
      const channel = session.findChannel(brandSlug, channelSlug);
      if (!channel) throw new AppError('not_found', 'This channel does not exist, or you are not a member of it.');
      const bytes = Buffer.from(contentBase64, 'base64');
      if (bytes.length > IMPORT_FILE_MAX_BYTES) throw new AppError('invalid_input', 'This file is too big to import (5 MB at most).');
      const blank = newDraftLetter({ uniqueId: randomUUID(), channel, author: session.current().user, now: new Date().toISOString() });
      const file = await letterFromFile({ fileName, bytes, base: blank, nextId: randomUUID });
      // Every letter ends with the footer, which cannot be deleted: the new draft's, unless the file brought one.
      const footer = parseSections(blank.blocks).filter((section) => section.type === 'footer');
      const sections = file.sections.some((section) => section.type === 'footer') ? file.sections : [...file.sections, ...footer];
      const letter: Letter = { ...(file.letter ? fromExport(blank, file.letter) : { ...blank, title: file.title }), blocks: serializeSections(sections) };
      await store.insertNew(letter);
      // Online, the draft gets its platform id now, which copying pictures needs.
      await sync.pushNow();
      const imagesByAddress = await copyImages(letter.uniqueId, sections, file.embedded ?? {});
      const saved =
        importedImages(sections).length > 0 ? await store.saveLocal(letter.uniqueId, { blocks: serializeSections(sections) }, new Date().toISOString()) : null;
      if (saved) await sync.localChange();
      const counts = importCounts(sections, imagesByAddress);
      return { letter: (await store.getByUniqueId(letter.uniqueId)) ?? letter, summary: importSummary(counts), ...counts };
    },
  };
}
