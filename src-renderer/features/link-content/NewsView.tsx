import type { SectionOf } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';
import { deltaText } from '../../block-kit/section-style';

/** A news block on the canvas: the articles it holds as text, or its placeholder until the block settings choose some. */
export function NewsView({ section }: { section: SectionOf<'news'> }) {
  const text = deltaText(section.delta).trim();
  if (text) return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
  return <Placeholder>News placeholder: choose what to show in the block settings.</Placeholder>;
}
