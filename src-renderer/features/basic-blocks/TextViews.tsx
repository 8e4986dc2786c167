import { Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { PLACEHOLDER_PARAGRAPH_TEXT, isBlankTextDelta, type Section, type SectionOf } from '../../../shared/model';
import { EMPTY_TEXT_BLOCK_MESSAGE } from '../../../shared/rules/text-settings';
import type { BlockViewProps } from '../../block-kit/block-kind';
import { TextEditor } from '../../block-kit/text-editor-slot';

// The text blocks on the canvas: their rich text, edited in place. Their text is required:
// left blank, a block shows its error state (spec 2 §5).

/**
 * The error state of a text block left blank. It shows once the editor has left the block
 * (not on a block just added, whose greyed placeholder invites the first words, nor while
 * typing), and goes as soon as the block has text. A blank block at send time is the
 * CONTENT CHECK's to report.
 */
function RequiredText({ section, readOnly, children }: { section: Section; readOnly: boolean; children: ReactNode }) {
  const [left, setLeft] = useState(false);
  const messageId = useId();
  const error = !readOnly && left && isBlankTextDelta(section.delta);
  return (
    <div
      data-error={error || undefined}
      aria-describedby={error ? messageId : undefined}
      style={error ? { outline: '1px solid var(--mantine-color-red-7)', outlineOffset: 2, borderRadius: 4 } : undefined}
      onFocus={() => setLeft(false)}
      onBlur={(event) => {
        // Focus moving within the block (its toolbar) is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setLeft(true);
      }}
    >
      {children}
      {error && (
        <Text id={messageId} role="alert" size="xs" c="red.7" mt={4}>
          {EMPTY_TEXT_BLOCK_MESSAGE}
        </Text>
      )}
    </div>
  );
}

export function HeadingView({ section, letter, readOnly, onTextChange }: BlockViewProps<SectionOf<'heading'>>) {
  const level = Number(section.blockModel.headingType.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
  // The editor sizes headings in em from the letter's body size, as the email's h1-h6 styles do.
  return (
    <RequiredText section={section} readOnly={readOnly}>
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
    </RequiredText>
  );
}

export function ParagraphView({ section, readOnly, onTextChange }: BlockViewProps<SectionOf<'paragraph' | 'blockquote'>>) {
  return (
    <RequiredText section={section} readOnly={readOnly}>
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
    </RequiredText>
  );
}
