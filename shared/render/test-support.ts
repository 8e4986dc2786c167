import { load } from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { getAttributeValue } from 'domutils';
import { parseDocument } from 'htmlparser2';
import mjml2html from 'mjml';
import { expect } from 'vitest';
import type { LetterSettings, Section } from '../model';
import { defaultLetterSettings } from '../model';
import { renderLetterInput } from './index';
import type { RenderedLetter } from './index';
import type { LetterContext, LetterRenderInput } from './render-letter';
import type { RenderContext } from './types';

// Helpers for the renderer's tests (not used by the renderer): a letter context, a render
// of a few sections, and the rendered HTML parsed with cheerio (which mjml itself uses), so
// tests look at elements and attributes rather than matching strings.

export const TEST_PLATFORM_URL = 'https://letters.example';

/** The test channel as a reader's email shows it: with the 'View in browser' line. */
export function readerChannel(context: LetterContext = testContext()): NonNullable<LetterContext['channel']> {
  return { ...context.channel!, viewInBrowserLink: true };
}

export function testContext(overrides: Partial<LetterContext> = {}): LetterContext {
  return {
    esp: 0,
    letterUniqueId: 'letter-1',
    channel: {
      title: 'Morning Brief',
      channelName: 'Morning Brief',
      channelSlug: 'morning-brief',
      accentColor: '#1c7ed6',
      logoUrl: 'https://cdn.example/logo.png',
      contactAddress: null,
      // Off here so tests that count a letter's sections and columns see only their own;
      // the tests of the line, and those of whole emails, turn it on.
      viewInBrowserLink: false,
    },
    platformUrl: TEST_PLATFORM_URL,
    isCompanyLevel: false,
    year: 2025,
    isEngagementSegment: false,
    ...overrides,
  };
}

export function testInput(
  sections: readonly Section[],
  options: { settings?: LetterSettings; context?: Partial<LetterContext>; title?: string; preview?: string } = {},
): LetterRenderInput {
  return {
    settings: options.settings ?? defaultLetterSettings(),
    sections,
    context: testContext(options.context),
    title: options.title ?? 'Test letter',
    preview: options.preview ?? '',
  };
}

export interface ParsedRender extends RenderedLetter {
  $: CheerioAPI;
}

export async function renderParsed(...args: Parameters<typeof testInput>): Promise<ParsedRender> {
  const rendered = await renderLetterInput(testInput(...args));
  return { ...rendered, $: load(rendered.html) };
}

/** An inline style attribute as a map of property to value (lower-case names, trimmed values). */
export function styleOf(style: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (style ?? '').split(';')) {
    const at = declaration.indexOf(':');
    if (at <= 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const value = declaration.slice(at + 1).trim();
    out[property] = value;
    // The padding shorthand read as a browser reads it, so tests can ask for one side.
    if (property === 'padding') {
      const [top, right = top, bottom = top, left = right] = value.split(/\s+/);
      Object.assign(out, { 'padding-top': top, 'padding-right': right, 'padding-bottom': bottom, 'padding-left': left });
    }
  }
  return out;
}

/** The visible text of the body, whitespace collapsed. */
export function bodyText($: CheerioAPI): string {
  return $('body').text().replace(/\s+/g, ' ').trim();
}

// Block tests call one block's renderer directly and compile its output on its own, with
// strict validation so that any MJML a block emits wrongly fails the test.

/** A block render context; tests override what their block reads. */
export function blockContext(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    settings: defaultLetterSettings(),
    esp: 0,
    letterUniqueId: 'letter-42',
    channel: null,
    platformUrl: TEST_PLATFORM_URL,
    isCompanyLevel: false,
    year: 2031,
    isEngagementSegment: false,
    contentWidth: 590,
    ...overrides,
  };
}

export type Doc = ReturnType<typeof parseDocument>;

/** Compiles complete `<mj-column>` elements inside one section. */
export async function compileColumns(columns: string): Promise<{ html: string; doc: Doc }> {
  const { html, errors } = await mjml2html(`<mjml><mj-body><mj-section>${columns}</mj-section></mj-body></mjml>`, {
    validationLevel: 'strict',
  });
  expect(errors).toEqual([]);
  return { html, doc: parseDocument(html) };
}

/** Compiles column content (what a BlockRenderer returns) inside one column. */
export async function compileColumn(content: string): Promise<Doc> {
  return (await compileColumns(`<mj-column>${content}</mj-column>`)).doc;
}

export const selectAll = (query: string, root: AnyNode): Element[] => cssSelectAll<AnyNode, Element>(query, root);
export const selectOne = (query: string, root: AnyNode): Element | null => cssSelectOne<AnyNode, Element>(query, root);

/** An attribute's value, '' when the attribute or the element is missing. */
export const attr = (element: Element | null | undefined, name: string): string =>
  (element ? getAttributeValue(element, name) ?? '' : '');
