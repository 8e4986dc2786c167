import type { ElementNode, LexicalEditor, LexicalNode } from 'lexical';
import { $getSelection, $isElementNode, $isRangeSelection, $parseSerializedNode, COMMAND_PRIORITY_HIGH, PASTE_COMMAND } from 'lexical';
import type { Delta } from '../../../shared/model/delta';
import { fromDelta } from './delta-lexical';
import { pastedHtmlToDelta, pastedTextToDelta } from './paste-html';

// Every paste goes through the whitelist (spec 2 §5). The pasted HTML becomes a delta of
// supported formats first, so a paste can never put anything into the editor that the
// stored delta, and so the letter, could not hold. Lexical's own clipboard format is
// ignored on purpose: it would carry styles from another editor past the whitelist.

function clipboardOf(event: unknown): DataTransfer | null {
  if (event && typeof event === 'object' && 'clipboardData' in event) {
    return (event as { clipboardData: DataTransfer | null }).clipboardData;
  }
  return null;
}

/** Inserts a delta at the selection; a single plain paragraph joins the line being typed in. */
export function $insertDelta(delta: Delta): boolean {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || delta.ops.length === 0) return false;
  const blocks = fromDelta(delta).root.children.map((json) => $parseSerializedNode(json));
  const only = blocks[0];
  const inline =
    blocks.length === 1 && only && $isElementNode(only) && only.getType() === 'paragraph' && (only as ElementNode).getFormatType() === '';
  const nodes: LexicalNode[] = inline ? (only as ElementNode).getChildren() : blocks;
  selection.insertNodes(nodes);
  return true;
}

/** Registers the sanitising paste handler; returns the unregister function. */
export function registerSanitizedPaste(editor: LexicalEditor): () => void {
  return editor.registerCommand(
    PASTE_COMMAND,
    (event) => {
      const data = clipboardOf(event);
      if (!data) return false;
      const html = data.getData('text/html');
      const text = data.getData('text/plain');
      if (!html && !text) return false; // files and the like: nothing this editor can hold
      let delta = html ? pastedHtmlToDelta(html) : pastedTextToDelta(text);
      // Markup with no words left (an image, say) still pastes the text the source offered.
      if (delta.ops.length === 0 && text) delta = pastedTextToDelta(text);
      if ('preventDefault' in (event as object)) (event as Event).preventDefault();
      // Command listeners run inside an update already.
      $insertDelta(delta);
      return true;
    },
    COMMAND_PRIORITY_HIGH,
  );
}
