import type { SectionOf } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';
import { HtmlBlockFrame } from './HtmlBlockFrame';

/** An HTML block on the canvas: its code drawn in a frame once it is valid. */
export function HtmlView({ section }: { section: SectionOf<'html'> }) {
  const m = section.blockModel;
  if (!m.html.trim()) return <Placeholder>Use the editor in the HTML Block Settings to write your code.</Placeholder>;
  if (!m.isValid && !m.isRelaxed) return <Placeholder>Invalid HTML</Placeholder>;
  return <HtmlBlockFrame html={m.html} />;
}
