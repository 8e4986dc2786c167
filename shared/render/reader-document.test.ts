import { describe, expect, it } from 'vitest';
import type { Section } from '../model';
import { defaultLetterSettings, newSection } from '../model';
import { DARK_PAGE_BACKGROUND, PAGE_BACKGROUND_FALLBACK } from './reader-document';
import { readerChannel, renderParsed, styleOf, testContext } from './test-support';
import type { LetterContext } from './render-letter';

// The document around a letter: its language, its colour schemes and dark-mode rules, and
// the 'View in browser' line.

function paragraph(text: string): Section {
  return { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: `${text}\n` }] } };
}

const reader = (overrides: Partial<LetterContext> = {}): Partial<LetterContext> => ({ channel: readerChannel(), ...overrides });
const viewLinks = ($: Awaited<ReturnType<typeof renderParsed>>['$']) => $('.ld-view-in-browser a');

describe('the document language', () => {
  it("is the channel's language, Spanish written es", async () => {
    expect((await renderParsed([paragraph('x')])).$('html').attr('lang')).toBe('en');
    const spanish = await renderParsed([paragraph('x')], { context: reader({ channel: { ...readerChannel(), footerLanguage: 'sp' } }) });
    expect(spanish.$('html').attr('lang')).toBe('es');
    expect(spanish.$('div[role="article"]').attr('lang')).toBe('es');
    expect(viewLinks(spanish.$).text()).toBe('Ver en el navegador');
    expect((await renderParsed([paragraph('x')], { context: { channel: null } })).$('html').attr('lang')).toBe('en');
  });
});

describe('colour schemes', () => {
  it('declares light and dark in both metas and in :root', async () => {
    const { $, html } = await renderParsed([paragraph('x')]);
    expect($('meta[name="color-scheme"]').attr('content')).toBe('light dark');
    expect($('meta[name="supported-color-schemes"]').attr('content')).toBe('light dark');
    expect(html).toContain(':root { color-scheme: light dark; supported-color-schemes: light dark; }');
  });

  it('darkens only the page around a letter that paints its own column, and keeps the line readable there', async () => {
    const { html } = await renderParsed([paragraph('x')]);
    expect(html).toMatch(new RegExp(`@media \\(prefers-color-scheme: dark\\) \\{\\s*body, \\.ld-page, \\.ld-page > div \\{ background-color: ${DARK_PAGE_BACKGROUND} !important; \\}`));
    expect(html).toContain('.ld-view-in-browser div, .ld-view-in-browser a { color:');

    const settings = defaultLetterSettings();
    settings.backgroundColor = 'transparent';
    const see = await renderParsed([paragraph('x')], { settings });
    // Sections show the page: it keeps its light colour, so their text stays readable.
    expect(see.html).not.toContain('prefers-color-scheme');
  });

  it('paints a transparent page white, so a dark canvas never shows behind the letter', async () => {
    const settings = defaultLetterSettings();
    settings.backgroundColorBody = 'transparent';
    const { $ } = await renderParsed([paragraph('x')], { settings });
    expect(styleOf($('body').attr('style'))['background-color']).toBe(PAGE_BACKGROUND_FALLBACK);
  });
});

describe('View in browser', () => {
  it("links the top of the email to the letter's public page", async () => {
    const { $ } = await renderParsed([paragraph('Hello')], { context: reader() });
    const link = viewLinks($);
    expect(link.attr('href')).toBe('https://letters.example/morning-brief/letter-1');
    expect(link.text()).toBe('View in browser');
    // Above the letter's own content.
    const text = $('body').text();
    expect(text.indexOf('View in browser')).toBeLessThan(text.indexOf('Hello'));
  });

  it.each<[string, Partial<LetterContext>]>([
    ['a private letter', { letterIsPrivate: true }],
    ['the web archive page itself', { webArchive: true }],
    ['a company-level letter', { isCompanyLevel: true }],
    ['a channel that switched it off', { channel: { ...readerChannel(), viewInBrowserLink: false } }],
    ['a letter without a channel', { channel: null }],
  ])('is left out of %s', async (_, overrides) => {
    const { $ } = await renderParsed([paragraph('Hello')], { context: reader(overrides) });
    expect(viewLinks($)).toHaveLength(0);
    expect($('body').text()).not.toContain('View in browser');
  });

  it('is on unless the channel says otherwise (platforms older than the setting send nothing)', async () => {
    const { viewInBrowserLink: _, ...older } = readerChannel(testContext());
    const { $ } = await renderParsed([paragraph('Hello')], { context: { channel: older } });
    expect(viewLinks($)).toHaveLength(1);
  });
});
