import { Badge, Loader, Notification, createTheme, darken, defaultLoaders, luminance, type CSSVariablesResolver } from '@mantine/core';
import { createElement, forwardRef, type ComponentPropsWithoutRef } from 'react';

// One sans-serif face for the whole interface, headings included: the system's own UI font
// (no font is downloaded at run time). Letters keep their own fonts; only the app's chrome
// uses this.
const UI_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/**
 * Mantine's spinner is a plain span, and a span may not carry aria-label (axe
 * aria-prohibited-attr, serious: "Checking content" at the schedule step). A spinner given a
 * name is a status ("Checking the inboxes"); one without (inside a loading button) stays a
 * plain span, the button saying what is happening.
 */
const Oval = defaultLoaders.oval!;
const NamedOval = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<'span'>>(function NamedOval(props, ref) {
  const role = props.role ?? (props['aria-label'] || props['aria-labelledby'] ? 'status' : undefined);
  return createElement(Oval, { ...props, ref, role });
});

export const theme = createTheme({
  primaryColor: 'indigo',
  // Darker shades for filled buttons and links, so white and coloured text stay readable (WCAG AA).
  primaryShade: { light: 7, dark: 8 },
  fontFamily: UI_FONT,
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace',
  headings: { fontFamily: UI_FONT, fontWeight: '650' },
  defaultRadius: 'md',
  components: {
    // Close buttons are icons: each needs a name (axe button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      // Under a title Mantine draws the message in gray 6 (3.3:1 on white: axe flagged the
      // delivery toasts over the letter's report); the dimmed colour reads at AA.
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
    // The active link's text in shade 7 on its tint is 4.46:1 (less when hovered); shade 9
    // on the lightest tint reads clearly.
    NavLink: { vars: () => ({ root: { '--nl-color': 'var(--mantine-color-indigo-9)', '--nl-hover': 'var(--mantine-color-indigo-1)' } }) },
    // The placeholder Mantine puts first in a menu to take focus is a focusable
    // role=presentation div, which a menu may not contain (axe aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Loader: Loader.extend({ defaultProps: { loaders: { ...defaultLoaders, oval: NamedOval } } }),
    // Badges read in sentence case, as every other label (issue 37: no ALL-CAPS labels);
    // Mantine capitalises them by default.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});

/** `color` darkened in steps until text in it reads at `ratio` or more on white. */
function readableOnWhite(color: string, ratio = 4.6): string {
  let current = color;
  for (let step = 0; step < 10 && 1.05 / (luminance(current) + 0.05) < ratio; step++) current = darken(current, 0.08);
  return current;
}

/**
 * Contrast (WCAG AA, 4.5:1 for body text): Mantine's dimmed text (gray 6) falls under it, so
 * gray 7; text in a colour (`c="orange"`, shade 7) is too light for several colours, so it
 * is that colour darkened until it reads; light-variant text (shade 9) on its tint
 * (shade 1) is about 4.3:1 for small bold badge text, so the tint is the lightest shade (0),
 * with shade 1 when hovered; and white text on a filled colour (shade 7: green is 2.74:1,
 * as on the Approved campaign badge) reads on that colour darkened the same way, hovered a
 * step darker.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    ...Object.fromEntries(
      Object.keys(t.colors).flatMap((name) => [
        [`--mantine-color-${name}-text`, readableOnWhite(t.colors[name]![7]!)],
        [`--mantine-color-${name}-light`, t.colors[name]![0]!],
        [`--mantine-color-${name}-light-hover`, t.colors[name]![1]!],
        [`--mantine-color-${name}-filled`, readableOnWhite(t.colors[name]![7]!)],
        [`--mantine-color-${name}-filled-hover`, darken(readableOnWhite(t.colors[name]![7]!), 0.1)],
      ]),
    ),
  },
  dark: {},
});
