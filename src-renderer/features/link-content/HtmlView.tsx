import { Anchor, Collapse } from '@mantine/core';
import { useState } from 'react';
import type { SectionOf } from '../../../shared/model';
import { HTML_ERROR_MESSAGE, checkHtml } from '../../../shared/rules/html-block';
import { Placeholder } from '../../block-kit/Placeholder';
import { HtmlBlockFrame } from './HtmlBlockFrame';
import { SupportedHtmlTags } from './SupportedHtmlTags';

// An HTML block on the canvas (spec 2 §4, §9): its code drawn in a frame once it is valid or
// relaxed; otherwise the 'Invalid HTML' placeholder with the spec's message, the first
// problem and a link to the supported tags, as the panel shows them. The model keeps only the
// platform's verdict, so the problem is found again with the platform's own rules
// (shared/rules/html-block.ts); when those see none (the call failed), the generic message stands alone.

export const SUPPORTED_TAGS_LINK = 'See the supported HTML tags';

export function HtmlView({ section }: { section: SectionOf<'html'> }) {
  const m = section.blockModel;
  if (!m.html.trim()) return <Placeholder>Use the editor in the HTML Block Settings to write your code.</Placeholder>;
  if (!m.isValid && !m.isRelaxed) return <InvalidHtml html={m.html} />;
  return <HtmlBlockFrame html={m.html} />;
}

function InvalidHtml({ html }: { html: string }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const firstError = checkHtml(html).errors[0];
  return (
    <Placeholder>
      <div style={{ fontWeight: 600 }}>Invalid HTML</div>
      <div style={{ marginTop: 4 }}>{HTML_ERROR_MESSAGE}</div>
      {firstError && <div style={{ marginTop: 4 }}>{firstError}</div>}
      <Anchor component="button" type="button" size="sm" mt={4} aria-expanded={helpOpen} onClick={() => setHelpOpen((open) => !open)}>
        {SUPPORTED_TAGS_LINK}
      </Anchor>
      <Collapse expanded={helpOpen}>
        <SupportedHtmlTags />
      </Collapse>
    </Placeholder>
  );
}
