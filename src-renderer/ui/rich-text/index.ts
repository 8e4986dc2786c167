// The composer's rich-text editor and the delta conversions it is built on.
export { RichTextEditor, EDITOR_START_DELAY_MS } from './RichTextEditor';
export type { RichTextEditorProps } from './RichTextEditor';
export { fromDelta, toDelta } from './delta-lexical';
export { deltaPlainText, normalizeDelta } from './delta-lines';
export { flushPendingTextEdits } from './EditorPlugins';
