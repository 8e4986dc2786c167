import type { MjmlIssue } from './compile';
import { assembleHtml, compileSection, compileShell } from './compile-sections';
import type { CompiledSection, CompiledShell } from './compile-sections';
import { hashString } from './hash';
import { joinLetterMjml, letterShell, renderContextOf } from './render-letter';
import type { LetterRenderInput } from './render-letter';
import { renderSection } from './render-section';

// Re-rendering a letter while it is edited. Each section's MJML is cached under a hash of
// the section and of what else it depends on (settings and context); each section's HTML is
// cached under its MJML and the letter's head. Editing one section then renders and
// compiles that section alone, and the letter's HTML is assembled from the cached pieces
// (see compile-sections.ts), equal to a from-scratch render.

export interface IncrementalRenderResult {
  html: string;
  mjml: string;
  errors: MjmlIssue[];
  /**
   * Each top-level section's compiled body HTML, by uniqueId, in letter order (sections that
   * show nothing are left out): the same pieces the letter is assembled from, cached.
   */
  sections: { uniqueId: string; html: string }[];
  /** The letter's document without any section's body: its head, every style, and its frame. Assembled on call. */
  frameHtml: () => string;
  /** How much work this render did: sections in the letter, MJML rendered, sections compiled. */
  stats: { sections: number; rendered: number; compiled: number };
}

export interface IncrementalRenderer {
  render(input: LetterRenderInput): Promise<IncrementalRenderResult>;
  /** Forgets every cached piece. */
  clear(): void;
}

interface MjmlEntry {
  env: string;
  json: string;
  mjml: string;
  used: number;
}

interface HtmlEntry {
  compiled: CompiledSection;
  used: number;
}

/**
 * Entries unused for this many renders are dropped: enough for undo and redo to find the
 * previous state, while memory stays proportional to the letter.
 */
const KEEP_RENDERS = 2;

const SECTION_FRAME_TITLE = 'section';

export function createIncrementalRenderer(): IncrementalRenderer {
  let generation = 0;
  let documentShell: { source: string; compiled: CompiledShell } | null = null;
  let sectionShell: { source: string; compiled: CompiledShell } | null = null;
  const mjmlCache = new Map<string, MjmlEntry>();
  const htmlCache = new Map<string, HtmlEntry>();

  function prune(): void {
    for (const cache of [mjmlCache, htmlCache] as Map<string, { used: number }>[]) {
      for (const [key, entry] of cache) if (generation - entry.used >= KEEP_RENDERS) cache.delete(key);
    }
  }

  async function render(input: LetterRenderInput): Promise<IncrementalRenderResult> {
    generation++;
    const frame = letterShell(input);
    if (documentShell?.source !== frame.open + frame.close) {
      documentShell = { source: frame.open + frame.close, compiled: await compileShell(frame.open, frame.close) };
    }
    // Sections are compiled in a frame without the subject and preview text, which only
    // the document around them shows: editing those then compiles no section again.
    const sectionFrame = letterShell({ ...input, title: SECTION_FRAME_TITLE, preview: '' });
    if (sectionShell?.source !== sectionFrame.open + sectionFrame.close) {
      // A new head changes every section's compiled HTML (element defaults, breakpoint).
      sectionShell = { source: sectionFrame.open + sectionFrame.close, compiled: await compileShell(sectionFrame.open, sectionFrame.close) };
      htmlCache.clear();
    }
    const ctx = renderContextOf(input);
    const env = JSON.stringify([input.settings, input.context]);
    const envHash = hashString(env);
    let rendered = 0;
    let compiledCount = 0;
    const sectionsMjml: { uniqueId: string; mjml: string }[] = [];
    for (const section of input.sections) {
      const json = JSON.stringify(section);
      const key = `${envHash}:${hashString(json)}`;
      let entry = mjmlCache.get(key);
      if (!entry || entry.json !== json || entry.env !== env) {
        entry = { env, json, mjml: renderSection(section, ctx), used: generation };
        mjmlCache.set(key, entry);
        rendered++;
      }
      entry.used = generation;
      sectionsMjml.push({ uniqueId: section.uniqueId, mjml: entry.mjml });
    }
    const compiled: CompiledSection[] = [];
    const sections: IncrementalRenderResult['sections'] = [];
    const errors = [...documentShell.compiled.errors];
    for (const { uniqueId, mjml } of sectionsMjml) {
      if (mjml === '') continue;
      let entry = htmlCache.get(mjml);
      if (!entry) {
        entry = { compiled: await compileSection(sectionShell.compiled, sectionFrame.open, sectionFrame.close, mjml), used: generation };
        htmlCache.set(mjml, entry);
        compiledCount++;
      }
      entry.used = generation;
      compiled.push(entry.compiled);
      sections.push({ uniqueId, html: entry.compiled.html });
      errors.push(...entry.compiled.errors);
    }
    prune();
    const shell = documentShell.compiled;
    return {
      html: assembleHtml(shell, compiled),
      mjml: joinLetterMjml(frame, sectionsMjml.map((section) => section.mjml)),
      sections,
      frameHtml: () => assembleHtml(shell, compiled.map((section) => ({ ...section, html: '' }))),
      errors,
      stats: { sections: input.sections.length, rendered, compiled: compiledCount },
    };
  }

  // Renders run one after another: each reads and fills the caches a previous one left.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    render(input) {
      const run = queue.then(() => render(input));
      queue = run.catch(() => undefined);
      return run;
    },
    clear() {
      documentShell = null;
      sectionShell = null;
      mjmlCache.clear();
      htmlCache.clear();
    },
  };
}
