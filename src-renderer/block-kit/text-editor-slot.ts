// The one import point of the Lexical editor (ui/rich-text, owned by the
// rich-text work) for the canvas's text sections.
export { RichTextEditor as TextEditor } from '../ui/rich-text';
export type { RichTextEditorProps as TextEditorProps } from '../ui/rich-text';
