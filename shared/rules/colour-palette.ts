// The colour pickers' palette (spec 2 §9: "accent colour plus 15 fixed colours"). Every
// picker of the composer (block panels, the Styles tab, the text toolbar) offers this one.

/** The 15 fixed colours: greys, the product's navy, the default link blue, and a hue circle. */
export const FIXED_COLOURS = [
  '#000000',
  '#202a33',
  '#495057',
  '#adb5bd',
  '#ffffff',
  '#1d2d4d',
  '#0000ee',
  '#1c7ed6',
  '#15aabf',
  '#2f9e44',
  '#f59f00',
  '#e8590c',
  '#e03131',
  '#c2255c',
  '#7048e8',
] as const;

/** The channel's accent colour first (when there is a channel), then the fixed colours. */
export function colourPalette(accentColor?: string | null): string[] {
  const accent = accentColor?.trim();
  return accent ? [accent, ...FIXED_COLOURS] : [...FIXED_COLOURS];
}
