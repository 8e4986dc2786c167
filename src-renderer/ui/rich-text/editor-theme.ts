import type { EditorThemeClasses } from 'lexical';
import classes from './rich-text-editor.module.css';

// Lexical marks formats with these classes; bold and italic come as strong/em already.
export const editorTheme: EditorThemeClasses = {
  paragraph: classes.paragraph,
  heading: { h1: classes.heading, h2: classes.heading, h3: classes.heading, h4: classes.heading, h5: classes.heading, h6: classes.heading },
  list: { ol: classes.list, ul: classes.list },
  link: classes.link,
  text: {
    underline: classes.underline,
    strikethrough: classes.strikethrough,
    underlineStrikethrough: classes.underlineStrikethrough,
  },
};

export { classes as editorClasses };
