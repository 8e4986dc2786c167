import { TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $patchStyleText } from '@lexical/selection';
import { Group } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignLeft,
  IconAlignRight,
  IconBold,
  IconClearFormatting,
  IconItalic,
  IconList,
  IconListNumbers,
  type Icon,
} from '@tabler/icons-react';
import type { ElementFormatType } from 'lexical';
import { $getSelection, $isRangeSelection, FORMAT_ELEMENT_COMMAND, FORMAT_TEXT_COMMAND } from 'lexical';
import { memo, useEffect, useState } from 'react';
import { sameValue } from '../../../shared/model/same-value';
import { ColourButton } from './ColourButton';
import { LinkButton } from './LinkButton';
import { $clearFormatting, $readToolbarState, EMPTY_TOOLBAR_STATE } from './toolbar-state';
import { ToolbarButton } from './ToolbarButton';

export const TOOLBAR_HEIGHT = 30;

const ALIGNMENTS: Array<{ label: string; format: ElementFormatType; Glyph: Icon }> = [
  { label: 'Align left', format: 'left', Glyph: IconAlignLeft },
  { label: 'Align center', format: 'center', Glyph: IconAlignCenter },
  { label: 'Align right', format: 'right', Glyph: IconAlignRight },
];
const ICON_SIZE = 16;

/** The spec's toolbar: bold, italic, link, colour, ordered and bullet lists, alignment, clear. */
export const Toolbar = memo(function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState(EMPTY_TOOLBAR_STATE);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        // Typing changes the text, rarely the formats: keep the state (and skip a render) when they are the same.
        const next = editorState.read($readToolbarState, { editor });
        setState((previous) => (sameValue(previous, next) ? previous : next));
      }),
    [editor],
  );

  const toggleList = (kind: 'number' | 'bullet') => {
    if (state.list === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(kind === 'number' ? INSERT_ORDERED_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND, undefined);
  };
  const setColour = (colour: string | null) =>
    editor.update(() => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) $patchStyleText(selection, { color: colour });
    });

  return (
    <Group gap={2} h={TOOLBAR_HEIGHT} role="toolbar" aria-label="Text formatting" wrap="nowrap">
      <ToolbarButton label="Bold" active={state.bold} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}>
        <IconBold size={ICON_SIZE} />
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}>
        <IconItalic size={ICON_SIZE} />
      </ToolbarButton>
      <LinkButton current={state.link} onApply={(url) => editor.dispatchCommand(TOGGLE_LINK_COMMAND, url)} />
      <ColourButton onApply={setColour} />
      <ToolbarButton label="Numbered list" active={state.list === 'number'} onClick={() => toggleList('number')}>
        <IconListNumbers size={ICON_SIZE} />
      </ToolbarButton>
      <ToolbarButton label="Bulleted list" active={state.list === 'bullet'} onClick={() => toggleList('bullet')}>
        <IconList size={ICON_SIZE} />
      </ToolbarButton>
      {ALIGNMENTS.map(({ label, format, Glyph }) => (
        <ToolbarButton
          key={format}
          label={label}
          active={state.align === format}
         
          onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, format)}
        >
          <Glyph size={ICON_SIZE} />
        </ToolbarButton>
      ))}
      <ToolbarButton label="Clear formatting" onClick={() => editor.update($clearFormatting)}>
        <IconClearFormatting size={ICON_SIZE} />
      </ToolbarButton>
    </Group>
  );
});
