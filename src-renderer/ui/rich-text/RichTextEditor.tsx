import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import type { InitialConfigType } from '@lexical/react/LexicalComposer';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LINK_COLOR, LETTER_HEADING_FONT_SIZES, LETTER_FONT_SIZE_DEFAULT, PLACEHOLDER_PARAGRAPH_TEXT } from '../../../shared/model/constants';
import { emptyDelta, isBlankTextDelta } from '../../../shared/model/delta';
import type { Delta } from '../../../shared/model/delta';
import { fromDelta } from './delta-lexical';
import { deltaPlainText } from './delta-lines';
import { editorClasses, editorTheme } from './editor-theme';
import { DeltaSyncPlugin, EditablePlugin, SanitizedPastePlugin } from './EditorPlugins';
import { isAllowedLink } from './paste-html';
import { Toolbar, TOOLBAR_HEIGHT } from './Toolbar';

/** Spec 2 §5: "The editor starts 300 ms after mounting." */
export const EDITOR_START_DELAY_MS = 300;

export interface RichTextEditorProps {
  delta: Delta;
  /** Called with the new delta whenever the content changes (debouncing is the caller's). */
  onChange: (delta: Delta) => void;
  placeholder?: string;
  readOnly?: boolean;
  ariaLabel: string;
  /** Shows the text at that heading's size, for heading blocks (their whole text is one heading). */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
}

const EMPTY_DELTA: Delta = emptyDelta();

const NODES = [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode];

function rootStyle(headingLevel: RichTextEditorProps['headingLevel']): CSSProperties {
  const style: Record<string, string | number> = { '--rte-link-color': DEFAULT_LINK_COLOR };
  if (headingLevel) {
    // In em, so the heading scales with whatever size the canvas gives the section.
    style.fontSize = `${LETTER_HEADING_FONT_SIZES[`h${headingLevel}`] / LETTER_FONT_SIZE_DEFAULT}em`;
    style.fontWeight = 'bold';
  }
  return style as CSSProperties;
}

/** Until Lexical starts, the canvas shows the text at once, laid out like the editor will. */
function StaticText({ delta, placeholder, readOnly }: { delta: Delta; placeholder: string; readOnly: boolean }) {
  const text = deltaPlainText(delta);
  return (
    <>
      {!readOnly && <div style={{ height: TOOLBAR_HEIGHT }} />}
      <div className={editorClasses.content} data-rich-text-static="">
        {text === '' ? (
          <p className={`${editorClasses.paragraph} ${editorClasses.placeholder}`} style={{ position: 'static' }}>
            {placeholder}
          </p>
        ) : (
          text.split('\n').map((line, index) => (
            <p key={index} className={editorClasses.paragraph}>
              {line === '' ? <br /> : line}
            </p>
          ))
        )}
      </div>
    </>
  );
}

function LiveEditor({ delta, onChange, placeholder, readOnly, ariaLabel }: Required<Omit<RichTextEditorProps, 'headingLevel'>>) {
  // Read once by LexicalComposer; later deltas reach the editor through DeltaSyncPlugin.
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'letterdesk-rich-text',
    nodes: NODES,
    theme: editorTheme,
    editable: !readOnly,
    editorState: JSON.stringify(fromDelta(delta)),
    onError: (error) => {
      // Lexical recovers by keeping the last good state; the error is a bug worth seeing.
      console.error('Rich-text editor error', error);
    },
  }));
  return (
    <LexicalComposer initialConfig={initialConfig}>
      {!readOnly && <Toolbar />}
      <div style={{ position: 'relative' }}>
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              className={editorClasses.content}
              aria-label={ariaLabel}
              aria-multiline
              aria-placeholder={placeholder}
              placeholder={<div className={`${editorClasses.placeholder} ${editorClasses.paragraph}`} style={{ top: 0 }}>{placeholder}</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isAllowedLink} />
      <SanitizedPastePlugin />
      <EditablePlugin editable={!readOnly} />
      <DeltaSyncPlugin delta={delta} onChange={onChange} />
    </LexicalComposer>
  );
}

/**
 * The rich-text editor of text blocks: a Lexical editor that reads and writes the stored
 * delta, with the spec's toolbar. Its content is a `contenteditable` textbox named by
 * `ariaLabel`.
 */
export function RichTextEditor({
  delta,
  onChange,
  placeholder = PLACEHOLDER_PARAGRAPH_TEXT,
  readOnly = false,
  ariaLabel,
  headingLevel,
}: RichTextEditorProps) {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), EDITOR_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // Letters saved before the placeholder was one hold its sentence as text: show it as the
  // placeholder it is, so a click starts a blank block rather than editing that sentence.
  const shown = useMemo(() => (isBlankTextDelta(delta) ? EMPTY_DELTA : delta), [delta]);

  return (
    <div className={editorClasses.root} style={rootStyle(headingLevel)}>
      {started ? (
        <LiveEditor delta={shown} onChange={onChange} placeholder={placeholder} readOnly={readOnly} ariaLabel={ariaLabel} />
      ) : (
        <StaticText delta={shown} placeholder={placeholder} readOnly={readOnly} />
      )}
    </div>
  );
}
