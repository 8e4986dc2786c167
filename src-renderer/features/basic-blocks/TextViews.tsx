import { PLACEHOLDER_PARAGRAPH_TEXT, type SectionOf } from '../../../shared/model';
import type { BlockViewProps } from '../../block-kit/block-kind';
import { TextEditor } from '../../block-kit/text-editor-slot';

// The text blocks on the canvas: their rich text, edited in place.

export function HeadingView({ section, letter, readOnly, onTextChange }: BlockViewProps<SectionOf<'heading'>>) {
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

export function ParagraphView({ section, readOnly, onTextChange }: BlockViewProps<SectionOf<'paragraph' | 'blockquote'>>) {
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
}
