// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { formatColour, invertLightness, parseColour } from './colour-values';
import { appleMailDark, declaresDarkScheme, gmailDark, recolourDeclarations, withAppearance } from './dark-appearance';

const letter = [
  '<!doctype html><html lang="en"><head><meta name="color-scheme" content="light dark">',
  '<style>:root { color-scheme: light dark; } #outlook a { padding:0; }',
  '@media (prefers-color-scheme: dark) { body, .ld-page { background-color: #121212 !important; } }',
  '@media (prefers-color-scheme: light) { .only-light { display:block; } }</style></head>',
  '<body style="background-color:#ffffff;"><div class="ld-page" style="background-color:#ffffff">',
  '<table bgcolor="#FFFFFF"><tr><td style="color:#000000;font-family:Lora, serif;border:1px solid black;background:#fff url(https://example.com/a.png) no-repeat">',
  '<font color="navy">Hi</font><img src="https://example.com/b.png" style="border:0"><a href="https://example.com/#add">#add</a></td></tr></table>',
  '</div></body></html>',
].join('');

describe('colour values', () => {
  it('reads hex, rgb(), hsl() and named colours, and nothing else', () => {
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('rgb(0 0 0 / 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(formatColour(parseColour('hsl(210, 50%, 40%)')!)).toBe('#336699');
    expect(formatColour(parseColour('Navy')!)).toBe('#000080');
    expect(parseColour('solid')).toBeNull();
    expect(parseColour('transparent')).toBeNull();
  });

  it('turns lightness over and keeps the hue: white paper dark, black ink light, a mid blue about the same', () => {
    expect(formatColour(invertLightness(parseColour('#ffffff')!))).toBe('#121212');
    expect(formatColour(invertLightness(parseColour('#000000')!))).toBe('#ebebeb');
    expect(formatColour(invertLightness(parseColour('#1a73e8')!))).toBe('#176fe3');
    expect(formatColour(invertLightness(parseColour('rgba(0,0,0,0.5)')!))).toBe('rgba(235, 235, 235, 0.5)');
  });
});

describe('Apple Mail dark', () => {
  it("applies the letter's dark rules, no longer its light ones, and the dark scheme for what it leaves unset", () => {
    const html = appleMailDark(letter);
    expect(html).toContain('@media (min-width: 0px) { body, .ld-page { background-color: #121212 !important; } }');
    expect(html).toContain('@media (max-width: 0px) { .only-light');
    expect(html).not.toMatch(/prefers-color-scheme/);
    expect(html).toMatch(/<style data-preview-appearance="">:root \{ color-scheme: dark !important; \}<\/style><\/head>/);
    // The letter's own colours stay.
    expect(html).toContain('style="color:#000000;');
  });

  it('shows a letter that declares only the light scheme as it is', () => {
    const light = letter.replace('content="light dark"', 'content="light"').replace('color-scheme: light dark', 'color-scheme: light');
    expect(declaresDarkScheme(light)).toBe(false);
    expect(appleMailDark(light)).toBe(light);
    expect(declaresDarkScheme(letter)).toBe(true);
  });
});

describe('Gmail dark', () => {
  it('recolours only the colours of colour properties, leaving images, other values and selectors alone', () => {
    expect(recolourDeclarations('color:#000000;font-family:Lora, serif;border:1px solid black;background:#fff url(https://x.example/white.png) no-repeat')).toBe(
      'color:#ebebeb;font-family:Lora, serif;border:1px solid #ebebeb;background:#121212 url(https://x.example/white.png) no-repeat',
    );
    expect(recolourDeclarations('#outlook a { padding:0; } .a { background-color: white !important; }')).toBe('#outlook a { padding:0; } .a { background-color: #121212 !important; }');
  });

  it('turns every colour of the letter over, keeps its images and text, and ignores its dark rules', () => {
    const html = gmailDark(letter);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<body style="background-color:#121212;">');
    expect(html).toContain('bgcolor="#121212"');
    expect(html).toContain('<font color="#6969ff">Hi</font>');
    expect(html).toContain('style="color:#ebebeb;font-family:Lora, serif;border:1px solid #ebebeb;background:#121212 url(https://example.com/a.png) no-repeat"');
    expect(html).toContain('<img src="https://example.com/b.png" style="border:0">');
    expect(html).toContain('href="https://example.com/#add">#add</a>');
    // The dark rule itself is recoloured like any other, and the frame stays in the light
    // scheme, so it never applies.
    expect(html).toContain('(prefers-color-scheme: dark)');
    expect(html).toContain('html { background-color: #121212; color: #ebebeb; }');
  });

  it('leaves the light appearance untouched', () => {
    expect(withAppearance(letter, 'light')).toBe(letter);
  });
});
