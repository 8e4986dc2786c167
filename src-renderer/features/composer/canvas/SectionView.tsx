import type { ReactNode } from 'react';
import type { Delta, Letter, Section } from '../../../../shared/model';
import { PLACEHOLDER_PARAGRAPH_TEXT } from '../../../../shared/model';
import { ButtonView, DividerView, FooterView, HtmlView, ImageView, SocialView } from './BasicBlockViews';
import { FeedView, IntegrationView, PollView, PromotionView, RssView, UrlView } from './DynamicBlockViews';
import { Placeholder } from '../../../block-kit/Placeholder';
import { countSectionRender } from './render-count';
import { sectionBoxStyle } from '../../../block-kit/section-style';
import { TextEditor } from '../../../block-kit/text-editor-slot';

export interface SectionViewProps {
  section: Section;
  letter: Letter;
  readOnly: boolean;
  onTextChange: (id: string, delta: Delta) => void;
}

/** One section drawn in its box (fonts, colours, paddings, borders), content by block type. */
export function SectionView(props: SectionViewProps) {
  countSectionRender(props.section.uniqueId);
  return <div style={sectionBoxStyle(props.section, props.letter.settings)}>{blockContent(props)}</div>;
}

function blockContent(props: SectionViewProps): ReactNode {
  const { section, letter, readOnly, onTextChange } = props;
  const child = (s: Section) => (
    <div key={s.uniqueId} style={{ flex: `0 0 ${s.columnWidth}%`, minWidth: 0 }}>
      <SectionView {...props} section={s} />
    </div>
  );
  const companyLevel = letter.channelSlug === 'company';
  switch (section.type) {
    case 'heading': {
      const level = Number(section.blockModel.headingType.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
      // The editor sizes headings in em from the letter's body size, as the email's h1-h6 styles do.
      return (
        <div style={{ textAlign: section.blockModel.align, fontSize: letter.settings.text.p.fontSize }}>
          <TextEditor
            delta={section.delta}
            onChange={(delta) => onTextChange(section.uniqueId, delta)}
            readOnly={readOnly}
            ariaLabel="Heading text"
            headingLevel={level}
            placeholder={PLACEHOLDER_PARAGRAPH_TEXT}
          />
        </div>
      );
    }
    case 'paragraph':
    case 'blockquote':
      return (
        <div
          style={
            section.type === 'blockquote'
              ? { borderLeft: `4px solid ${section.blockModel.borderColor}`, paddingLeft: 16, fontStyle: 'italic' }
              : { textAlign: section.blockModel.align }
          }
        >
          <TextEditor
            delta={section.delta}
            onChange={(delta) => onTextChange(section.uniqueId, delta)}
            readOnly={readOnly}
            ariaLabel={section.type === 'blockquote' ? 'Blockquote text' : 'Paragraph text'}
            placeholder={PLACEHOLDER_PARAGRAPH_TEXT}
          />
        </div>
      );
    case 'button':
      return <ButtonView section={section} />;
    case 'divider':
      return <DividerView section={section} />;
    case 'image':
      return <ImageView section={section} placeholder="Image placeholder" />;
    case 'youtube':
      return <ImageView section={section} placeholder="YouTube placeholder" />;
    case 'logo':
      // At company level the logo comes from each channel's settings, so there is none to show.
      return companyLevel ? <Placeholder>Logo placeholder</Placeholder> : <ImageView section={section} placeholder="Logo placeholder" />;
    case 'html':
      return <HtmlView section={section} />;
    case 'profile':
    case 'share':
      return <SocialView section={section} />;
    case 'footer':
      return <FooterView section={section} settings={letter.settings} companyLevel={companyLevel} brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} />;
    case 'promotion':
    case 'newpromotion':
      return <PromotionView section={section} letter={letter} />;
    case 'rss':
      return <RssView section={section} />;
    case 'dynamic':
    case 'url':
      return <UrlView section={section} renderChild={child} />;
    case 'curation':
    case 'newrss':
    case 'wordpress':
    case 'news':
      return <FeedView section={section} />;
    case 'poll':
      return <PollView section={section} />;
    case 'evvnt':
    case 'revContent':
    case 'iterable':
      return <IntegrationView section={section} />;
    case 'layout':
      return <div style={{ display: 'flex', flexWrap: section.isLayoutStacked ? 'wrap' : 'nowrap', gap: 8 }}>{section.blocks.map(child)}</div>;
  }
}
