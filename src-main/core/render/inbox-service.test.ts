import { describe, expect, it } from 'vitest';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { serializeSections } from '../../../shared/model/section';
import { newSection } from '../../../shared/model/section-factory';
import { TEST_CHANNEL } from '../testing/test-core';
import { sizeVerdict } from '../../../shared/render/insights';
import { createInboxService } from './inbox-service';
import { createPreviewService } from './preview-service';

// The core's inbox check over the preview's own renderer: the findings name the block, and
// asking again for an unchanged letter answers what was found, without checking again.

function letterWith(blocks: ReturnType<typeof newSection>[]) {
  const letter = newDraftLetter({ uniqueId: 'inbox-letter', channel: TEST_CHANNEL, author: null, now: '2026-01-01T00:00:00.000Z' });
  return { ...letter, blocks: serializeSections([...blocks, newSection('footer', 'f')]) };
}

describe('the inbox compatibility of a letter', () => {
  it("names the YouTube block for Outlook for Windows, and answers an unchanged letter from what it found", async () => {
    const previews = createPreviewService({ platformUrl: 'https://letters.example', findChannel: () => TEST_CHANNEL });
    const inbox = createInboxService({ previews });
    const video = newSection('youtube', 'yt');
    Object.assign(video.blockModel, { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', alt: 'Harbour tour', hasPlayIcon: true });
    const letter = letterWith([newSection('paragraph', 'p'), video]);

    const first = await inbox.inboxCompatibility(letter);
    const outlook = first.families.find((family) => family.family === 'outlookWindows')!;
    expect(outlook.blocks.map((found) => found.block)).toEqual([{ uniqueId: 'yt', name: 'YouTube', position: 2 }]);
    expect(await inbox.inboxCompatibility({ ...letter })).toBe(first);

    const without = await inbox.inboxCompatibility(letterWith([newSection('paragraph', 'p')]));
    expect(without).not.toBe(first);
    expect(without.families.every((family) => family.blocks.length === 0)).toBe(true);
  }, 60_000);

  it('measures the email as a send mails it: minified, smaller than the preview, with the same verdicts', async () => {
    const previews = createPreviewService({ platformUrl: 'https://letters.example', findChannel: () => TEST_CHANNEL });
    const inbox = createInboxService({ previews });
    const letter = letterWith(Array.from({ length: 12 }, (_, i) => newSection('paragraph', `p${i}`)));
    const { insights } = await previews.preview(letter);
    const { mailSize } = await inbox.inboxCompatibility(letter);
    expect(mailSize.size).toBeLessThan(insights.size * 0.85);
    expect(mailSize.size).toBeGreaterThan(0);
    expect(mailSize).toEqual({ ...sizeVerdict(mailSize.size * 1024), size: mailSize.size });
  }, 60_000);
});
