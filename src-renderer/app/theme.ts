import { createTheme } from '@mantine/core';

// One sans-serif face for the whole interface, headings included: the system's own UI font
// (no font is downloaded at run time). Letters keep their own fonts; only the app's chrome
// uses this.
const UI_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker shades for filled buttons and links, so white and coloured text stay readable (WCAG AA).
  primaryShade: { light: 7, dark: 8 },
  fontFamily: UI_FONT,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace',
  headings: { fontFamily: UI_FONT, fontWeight: '650' },
  defaultRadius: 'md',
});
