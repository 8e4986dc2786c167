import { Loader } from '@mantine/core';
import { useMemo } from 'react';
import { usePreviewFontFaces } from '../fonts/preview-font-faces';
import { APPEARANCE_CANVAS, withAppearance, type PreviewAppearance } from './dark-appearance';

// An email drawn in a sandboxed frame, as the composer's preview and the sent letter's report show it.

/**
 * The frame's own policy, on top of the empty sandbox: nothing runs and nothing is fetched
 * but images and fonts, whatever the letter's HTML holds.
 */
const PREVIEW_CSP = "default-src 'none'; img-src https: http: data: app:; style-src 'unsafe-inline'; font-src https: data:";

export function withPreviewPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + meta) : meta + html;
}

/**
 * The email's web fonts from the files shipped with the app, first in its head. Its own
 * Google Fonts links are left out: the policy refuses them, but a request could still start
 * before the policy is read, and offline it fails anyway.
 */
export function withFontFaces(html: string, fontFaceCss: string): string {
  const unlinked = html
    .replace(/<link\b[^>]*fonts\.googleapis\.com[^>]*>/gi, '')
    .replace(/@import\s+url\(\s*['"]?https:\/\/fonts\.googleapis\.com[^)]*\)\s*;?/gi, '');
  if (fontFaceCss === '') return unlinked;
  const style = `<style data-preview-fonts="">${fontFaceCss}</style>`;
  return /<head[^>]*>/i.test(unlinked) ? unlinked.replace(/<head[^>]*>/i, (head) => head + style) : style + unlinked;
}

/** What the frame shows: the email in the chosen appearance, with its fonts, under the frame's policy. */
export function previewDocument(html: string, appearance: PreviewAppearance, fontFaceCss: string): string {
  return withPreviewPolicy(withFontFaces(withAppearance(html, appearance), fontFaceCss));
}

/** Spec 1 §9: "Preview wrapper 700 px scaled 0.45." */
export const PREVIEW_WRAPPER_WIDTH = 700;
export const PREVIEW_OVERVIEW_SCALE = 0.45;
/** The room the preview takes on screen, at either scale. */
export const PREVIEW_HEIGHT = 720;
/** The frame's 1 px border on each side. */
export const FRAME_BORDER = 2;

/**
 * At actual size when the pane has room for the frame (or has not been measured yet);
 * otherwise the overview, so the whole width of the email shows instead of a clipped frame.
 */
export function previewScale(availableWidth: number, frameWidth: number): number {
  return availableWidth > 0 && availableWidth < frameWidth ? PREVIEW_OVERVIEW_SCALE : 1;
}

/**
 * The sandboxed frame. At a scale below 1 it sits in the spec's 700 px wrapper (wider when
 * the email is), drawn at that scale: the frame is made taller by the same factor, so the
 * overview takes the same room and shows more of the letter at once.
 */
export function PreviewFrame({ html, width, scale, appearance = 'light' }: { html: string; width: number; scale: number; appearance?: PreviewAppearance }) {
  const frameWidth = width + FRAME_BORDER;
  const fontFaceCss = usePreviewFontFaces(html);
  const srcDoc = useMemo(() => (fontFaceCss === null ? null : previewDocument(html, appearance, fontFaceCss)), [html, appearance, fontFaceCss]);
  // Drawn once its fonts are read (at once after the first time), not first with the fallback.
  if (srcDoc === null) return <Loader aria-label="Loading fonts" />;
  const frame = (
    <iframe
      title="Email preview"
      sandbox=""
      srcDoc={srcDoc}
      data-appearance={appearance}
      style={{
        width: frameWidth,
        height: PREVIEW_HEIGHT / scale,
        border: '1px solid var(--mantine-color-gray-3)',
        background: APPEARANCE_CANVAS[appearance],
        display: 'block',
      }}
    />
  );
  if (scale === 1) return frame;
  const wrapperWidth = Math.max(PREVIEW_WRAPPER_WIDTH, frameWidth);
  return (
    <div data-preview-overview="" style={{ width: wrapperWidth * scale, height: PREVIEW_HEIGHT, overflow: 'hidden' }}>
      <div style={{ width: wrapperWidth, transform: `scale(${scale})`, transformOrigin: 'top left', display: 'flex', justifyContent: 'center' }}>
        {frame}
      </div>
    </div>
  );
}

