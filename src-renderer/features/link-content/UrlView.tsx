import type { SectionOf } from '../../../shared/model';
import type { BlockViewProps } from '../../block-kit/block-kind';
import { Placeholder } from '../../block-kit/Placeholder';
import { deltaText } from '../../block-kit/section-style';

/** A URL block on the canvas: the article it holds, the text read from the page, or its placeholder. */
export function UrlView({ section, renderChild }: Pick<BlockViewProps<SectionOf<'dynamic' | 'url'>>, 'section' | 'renderChild'>) {
  if (section.blocks.length > 0) return <>{section.blocks.map(renderChild)}</>;
  const text = deltaText(section.delta).trim();
  if (!text) return <Placeholder>URL placeholder</Placeholder>;
  return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
}
