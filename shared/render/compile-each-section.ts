import { compileSection, compileShell } from './compile-sections';
import { letterShell, renderContextOf } from './render-letter';
import type { LetterRenderInput } from './render-letter';
import { renderSection } from './render-section';

// Each top-level section's HTML on its own, compiled inside the letter's head as the
// incremental renderer compiles it: what the inbox-compatibility check reads to say which
// section a feature comes from. Sections that show nothing are left out.

export interface CompiledSectionHtml {
  uniqueId: string;
  html: string;
}

export async function compileEachSection(input: LetterRenderInput): Promise<CompiledSectionHtml[]> {
  const frame = letterShell({ ...input, preview: '' });
  const shell = await compileShell(frame.open, frame.close);
  const ctx = renderContextOf(input);
  const out: CompiledSectionHtml[] = [];
  for (const section of input.sections) {
    const mjml = renderSection(section, ctx);
    if (mjml === '') continue;
    const compiled = await compileSection(shell, frame.open, frame.close, mjml);
    out.push({ uniqueId: section.uniqueId, html: compiled.html });
  }
  return out;
}
