import type { InboxCompatibility } from '../../../shared/contract/inbox-compatibility';
import type { Letter } from '../../../shared/model/letter';
import { createInboxChecker, type InboxChecker } from '../../../shared/render/inbox-checker';
import { sizeVerdict, utf8ByteLength } from '../../../shared/render/insights';
import { minifyEmailHtml } from '../../../shared/render/minify-email';
import type { PreviewService } from './preview-service';

// The CONTENT CHECK's inbox compatibility and the size of the email as mailed, in the core: caniemail's check (doiuse-email
// and its data, from node_modules, so offline) reads the HTML the preview renderer already
// compiled, section by section, and never runs while the editor types: the renderer asks
// for it only while the schedule step shows the content check. An answer is kept per
// letter with the HTML it was made for, so asking again for the same letter costs one render
// from the renderer's caches; each section's findings are kept under its HTML (see
// inbox-checker.ts), so after an edit only the changed sections are read again.

/** Letters whose checkers are kept, as the preview keeps their renderers. */
const KEPT_LETTERS = 4;

/** Lets pending I/O (a local save, another call) run between two sections of a long check. */
const yieldToOtherCalls = () => new Promise<void>((resolve) => setImmediate(resolve));

interface LetterCheck {
  checker: InboxChecker;
  last: { html: string; answer: InboxCompatibility } | null;
}

export function createInboxService(deps: { previews: PreviewService }) {
  const letters = new Map<string, LetterCheck>();

  function checkFor(uniqueId: string): LetterCheck {
    let entry = letters.get(uniqueId);
    if (entry) letters.delete(uniqueId);
    else entry = { checker: createInboxChecker({ pause: yieldToOtherCalls }), last: null };
    letters.set(uniqueId, entry);
    for (const oldest of letters.keys()) {
      if (letters.size <= KEPT_LETTERS) break;
      letters.delete(oldest);
    }
    return entry;
  }

  return {
    async inboxCompatibility(letter: Letter): Promise<InboxCompatibility> {
      const { input, result } = await deps.previews.render(letter);
      const entry = checkFor(letter.uniqueId);
      if (entry.last?.html === result.html) return entry.last.answer;
      const families = await entry.checker.check({ frameHtml: result.frameHtml(), sections: result.sections, blocks: input.sections });
      // Measured on the email as a send mails it, not on the preview's unminified HTML.
      const mailSize = sizeVerdict(utf8ByteLength(await minifyEmailHtml(result.html)));
      const answer = { families, mailSize };
      entry.last = { html: result.html, answer };
      return answer;
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
