import { $isLinkNode, $toggleLink } from '@lexical/link';
import { $isListNode, ListNode } from '@lexical/list';
import { $getNearestBlockElementAncestorOrThrow, $getNearestNodeOfType } from '@lexical/utils';
import type { ElementFormatType, LexicalNode } from 'lexical';
import { $getSelection, $isElementNode, $isRangeSelection, $isTextNode } from 'lexical';

// What the toolbar shows as pressed, and the one toolbar action Lexical has no command
// for. Read and run inside editor.read / editor.update.

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  link: string | null;
  list: 'number' | 'bullet' | null;
  align: ElementFormatType;
}

export const EMPTY_TOOLBAR_STATE: ToolbarState = { bold: false, italic: false, link: null, list: null, align: '' };

function $linkOf(node: LexicalNode): string | null {
  let current: LexicalNode | null = node;
  while (current) {
    if ($isLinkNode(current)) return current.getURL();
    current = current.getParent();
  }
  return null;
}

export function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return EMPTY_TOOLBAR_STATE;
  const anchor = selection.anchor.getNode();
  const list = $getNearestNodeOfType(anchor, ListNode);
  const block = anchor.getKey() === 'root' ? null : $getNearestBlockElementAncestorOrThrow(anchor);
  const listType = list && $isListNode(list) ? list.getListType() : null;
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    link: $linkOf(anchor),
    list: listType === 'number' || listType === 'bullet' ? listType : null,
    align: block && $isElementNode(block) ? block.getFormatType() : '',
  };
}

/** Clears text formats, colours, links and alignment from the selected text. */
export function $clearFormatting(): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  $toggleLink(null);
  for (const node of selection.getNodes()) {
    if ($isTextNode(node)) {
      node.setFormat(0);
      node.setStyle('');
    }
    if (node.getKey() !== 'root') {
      const block = $getNearestBlockElementAncestorOrThrow(node);
      if (block.getKey() !== 'root') block.setFormat('');
    }
  }
  // What is typed next at a collapsed caret starts plain too.
  selection.setFormat(0);
  selection.setStyle('');
}
