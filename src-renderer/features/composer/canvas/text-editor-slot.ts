// The one import point of the Lexical editor (features/composer/rich-text, owned by the
// rich-text work) for the canvas's text sections.
export { RichTextEditor as TextEditor } from '../rich-text';
export type { RichTextEditorProps as TextEditorProps } from '../rich-text';
