import { useEffect, useState } from 'react';
import { WEB_FONTS_PATH, linkedWebFonts, webFontFaces, type WebFontFace } from './web-fonts';

// The preview frame is sandboxed with an opaque origin: it cannot read the app's fonts by
// URL (a font fetch is a CORS request, which the app's hosts do not answer for "null") and
// the email's Google Fonts links fail offline. So the faces it needs go in as data: URLs.

const dataUrls = new Map<string, Promise<string | null>>();

function toDataUrl(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  // In pieces: String.fromCharCode with a whole font as arguments overflows the stack.
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return `data:font/woff2;base64,${btoa(binary)}`;
}

function fontDataUrl(file: string): Promise<string | null> {
  let url = dataUrls.get(file);
  if (!url) {
    url = fetch(`${WEB_FONTS_PATH}${file}`)
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
      .then(toDataUrl)
      .catch(() => {
        dataUrls.delete(file);
        return null;
      });
    dataUrls.set(file, url);
  }
  return url;
}

/** `@font-face` rules for the faces, each with its file's data URL. */
export function fontFaceRules(faces: readonly (WebFontFace & { src: string })[]): string {
  return faces
    .map((face) => `@font-face{font-family:'${face.family}';font-style:${face.style};font-weight:${face.weight};font-display:block;src:url(${face.src}) format('woff2');}`)
    .join('\n');
}

/** The shipped fonts an email links, as @font-face rules to put in its preview; '' until they are read. */
export async function previewFontFaceCss(html: string): Promise<string> {
  const faces = linkedWebFonts(html).flatMap(webFontFaces);
  const sources = await Promise.all(faces.map((face) => fontDataUrl(face.file)));
  return fontFaceRules(faces.flatMap((face, i) => (sources[i] ? [{ ...face, src: sources[i] }] : [])));
}

/**
 * The @font-face rules for the web fonts the email links. Null while they are being read, so the
 * frame is drawn once with its fonts rather than first with the fallback.
 */
export function usePreviewFontFaces(html: string): string | null {
  const key = linkedWebFonts(html).join('|');
  const [css, setCss] = useState<{ key: string; css: string } | null>(key === '' ? { key, css: '' } : null);
  useEffect(() => {
    let current = true;
    if (key === '') setCss({ key, css: '' });
    else void previewFontFaceCss(html).then((rules) => current && setCss({ key, css: rules }));
    return () => {
      current = false;
    };
    // The rules depend only on which fonts are linked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return css?.key === key ? css.css : null;
}
