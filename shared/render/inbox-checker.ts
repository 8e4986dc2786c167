import type { Section } from '../model';
import { CLIENT_FAMILY_IDS, clientsOf, featureUses } from './inbox-compatibility';
import type { ClientFamily, FeatureUse } from './inbox-compatibility';
import { blockRefs, inboxFindings } from './inbox-findings';
import type { FamilyFindings, UsesOf } from './inbox-findings';

// Checking one letter's inbox compatibility again and again while it is open. caniemail's
// check reads every element and declaration, which is most of the cost (about 2 s for a
// 300-section letter on one core), so each section's findings are kept under its compiled
// HTML: after an edit only the sections whose HTML changed are read again. The frame
// (head and wrapper, small) is read each time, since every section's styles land in it.

export interface InboxCheckInput {
  /** The letter's document without its sections' bodies (IncrementalRenderResult.frameHtml). */
  frameHtml: string;
  /** Each top-level section's compiled body HTML (IncrementalRenderResult.sections). */
  sections: readonly { uniqueId: string; html: string }[];
  /** The letter's sections in order, to name the blocks. */
  blocks: readonly Pick<Section, 'uniqueId' | 'type'>[];
}

export interface InboxChecker {
  check(input: InboxCheckInput): Promise<FamilyFindings[]>;
}

/** Sections unused for this many checks are forgotten: enough for an undo to find them. */
const KEEP_CHECKS = 2;

export function createInboxChecker(options: { families?: readonly ClientFamily[]; pause?: () => Promise<void> } = {}): InboxChecker {
  const families = options.families ?? CLIENT_FAMILY_IDS;
  const clients = clientsOf(families);
  const cache = new Map<string, { uses: FeatureUse[]; used: number }>();
  let generation = 0;

  return {
    async check(input) {
      generation++;
      const units: UsesOf[] = [{ uniqueId: null, uses: featureUses(input.frameHtml, clients) }];
      for (const section of input.sections) {
        let entry = cache.get(section.html);
        if (!entry) {
          // Between sections, so a long first check lets the core answer other calls.
          await options.pause?.();
          entry = { uses: featureUses(section.html, clients), used: generation };
          cache.set(section.html, entry);
        }
        entry.used = generation;
        units.push({ uniqueId: section.uniqueId, uses: entry.uses });
      }
      for (const [html, entry] of cache) if (generation - entry.used >= KEEP_CHECKS) cache.delete(html);
      return inboxFindings(units, blockRefs(input.blocks), families);
    },
  };
}
