import { describe, expect, it } from 'vitest';
import { linkedWebFonts, webFontFaces } from './web-fonts';
import { fontFaceRules } from './preview-font-faces';

describe('the web fonts in the renderer', () => {
  it('finds the faces of a font in any case, and none for a font every reader has', () => {
    expect(webFontFaces('lora').map((face) => `${face.family} ${face.weight} ${face.style}`)).toEqual(['Lora 400 normal', 'Lora 700 normal', 'Lora 400 italic']);
    expect(webFontFaces('Georgia')).toEqual([]);
  });

  it('reads which web fonts an email links from its Google Fonts stylesheets', () => {
    const html =
      '<link href="https://fonts.googleapis.com/css2?family=Source+Sans+3:wght@400%3B700" rel="stylesheet">' +
      '<style>@import url(https://fonts.googleapis.com/css2?family=Abril+Fatface);</style>' +
      '<link href="https://fonts.googleapis.com/css2?family=Comic+Sans+MS" rel="stylesheet">';
    expect(linkedWebFonts(html)).toEqual(['Abril Fatface', 'Source Sans 3']);
    expect(linkedWebFonts('<p>Lora</p>')).toEqual([]);
  });

  it('writes @font-face rules the preview frame can use without fetching anything', () => {
    const [face] = webFontFaces('Lora');
    expect(fontFaceRules([{ ...face!, src: 'data:font/woff2;base64,AAAA' }])).toBe(
      "@font-face{font-family:'Lora';font-style:normal;font-weight:400;font-display:block;src:url(data:font/woff2;base64,AAAA) format('woff2');}",
    );
  });
});
