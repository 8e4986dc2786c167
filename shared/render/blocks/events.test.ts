import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { emptyDelta, newSection, textDelta } from '../../model';
import type { EventItem, SectionOf } from '../../model';
import { attr, blockContext, compileColumns, selectAll, selectOne } from '../test-support';
import type { ColumnsRenderer } from '../types';
import { formatPrice, renderEvents, ticketUrl } from './events';

const ctx = blockContext();

const noChild = (): string => {
  throw new Error('events render no child sections');
};

function event(n: number, change: Partial<EventItem> = {}): EventItem {
  return {
    slug: `e${n}`,
    src: `https://img.example/e${n}.jpg`,
    heading: `Event ${n}`,
    date: `June ${n}, 7 pm`,
    description: `About event ${n}`,
    price: '1250',
    venue: `Hall ${n}`,
    link: `https://tickets.example/e${n}`,
    buttonText: '',
    buttonDelta: emptyDelta(),
    headingDelta: emptyDelta(),
    dateDelta: emptyDelta(),
    descriptionDelta: emptyDelta(),
    priceAndVenueDelta: emptyDelta(),
    ...change,
  };
}

function events(count: number, change: Partial<SectionOf<'evvnt'>['blockModel']> = {}): SectionOf<'evvnt'> {
  const section = newSection('evvnt', 'ev1');
  const list = Array.from({ length: count }, (_, i) => event(i + 1));
  return { ...section, blockModel: { ...section.blockModel, events: list, ...change } };
}

describe('renderEvents', () => {
  it('renders one card per event in one column: image, date, heading, description, price and venue, ticket button', async () => {
    const renderer: ColumnsRenderer<'evvnt'> = renderEvents;
    const { html, doc } = await compileColumns(renderer(events(2), ctx, noChild));
    expect(html.match(/mj-column-per-100/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain('mj-column-per-50');
    const imgs = selectAll('img', doc);
    expect(imgs.map((i) => attr(i, 'src'))).toEqual(['https://img.example/e1.jpg', 'https://img.example/e2.jpg']);
    expect(imgs.map((i) => attr(i, 'alt'))).toEqual(['Event 1', 'Event 2']);
    const text = textContent(doc);
    for (const part of ['June 1, 7 pm', 'Event 1', 'About event 1', '$12.50 · Hall 1']) expect(text).toContain(part);
    const buttons = selectAll('a', doc).filter((a) => textContent(a).trim() === 'Get tickets');
    expect(buttons.map((a) => attr(a, 'href'))).toEqual([
      'https://tickets.example/e1?utm_source=newsletter&utm_medium=email',
      'https://tickets.example/e2?utm_source=newsletter&utm_medium=email',
    ]);
  });

  it('puts two cards side by side and gives a last odd card the full row, for Outlook too', async () => {
    const { html, doc } = await compileColumns(renderEvents(events(3, { layout: 1 }), ctx, noChild));
    const columns = selectAll('div[class*="mj-column-per"]', doc).map((d) => attr(d, 'class').split(' ')[0]);
    expect(columns).toEqual(['mj-column-per-50', 'mj-column-per-50', 'mj-column-per-100']);
    // Outlook's ghost table ends the row before the third card, which spans the body width.
    expect(html).toMatch(/<\/td><\/tr><tr><td[^>]*width:600px/);
    const even = await compileColumns(renderEvents(events(4, { layout: 1 }), ctx, noChild));
    expect(selectAll('div[class*="mj-column-per-50"]', even.doc)).toHaveLength(4);
  });

  it('uses the model font sizes and colours, and the call to action', async () => {
    const section = events(1, {
      dateFontSize: 21,
      descriptionFontSize: 17,
      priceAndVenueFontSize: 13,
      buttonFontSize: 19,
      callToAction: 'Book now',
      color: '#334455',
    });
    const { doc } = await compileColumns(renderEvents(section, ctx, noChild));
    const styleOf = (text: string): string =>
      attr(selectAll('div', doc).find((d) => textContent(d).trim() === text) ?? null, 'style');
    expect(styleOf('June 1, 7 pm')).toContain('font-size:21px');
    expect(styleOf('About event 1')).toContain('font-size:17px');
    expect(styleOf('$12.50 · Hall 1')).toContain('font-size:13px');
    expect(styleOf('$12.50 · Hall 1')).toContain('color:#334455');
    const button = selectAll('a', doc).find((a) => textContent(a).trim() === 'Book now')!;
    expect(attr(button, 'style')).toContain('font-size:19px');
  });

  it('honours the has-flags and prefers the event button text', async () => {
    const section = events(1, { hasImage: false, hasDescription: false, hasPrice: false, hasButton: true });
    section.blockModel.events[0]!.buttonText = 'RSVP';
    const { doc } = await compileColumns(renderEvents(section, ctx, noChild));
    expect(selectAll('img', doc)).toHaveLength(0);
    expect(textContent(doc)).not.toContain('About event 1');
    expect(textContent(doc)).not.toContain('$12.50');
    expect(textContent(doc)).toContain('Hall 1');
    expect(selectAll('a', doc).map((a) => textContent(a).trim())).toEqual(['RSVP']);
    const noButton = await compileColumns(renderEvents(events(1, { hasButton: false, hasImage: false }), ctx, noChild));
    expect(selectAll('a', noButton.doc)).toHaveLength(0);
  });

  it('renders rich-text deltas where the editor has them', async () => {
    const section = events(1);
    section.blockModel.events[0]!.headingDelta = { ops: [{ insert: 'Big ' }, { insert: 'night', attributes: { bold: true } }, { insert: '\n' }] };
    section.blockModel.events[0]!.descriptionDelta = textDelta('Edited description');
    const { doc } = await compileColumns(renderEvents(section, ctx, noChild));
    expect(textContent(selectOne('strong', doc)!)).toBe('night');
    expect(textContent(doc)).toContain('Edited description');
    expect(textContent(doc)).not.toContain('About event 1');
  });

  it('escapes hostile event text and refuses javascript: links and images', async () => {
    const section = events(1);
    section.blockModel.events[0] = event(1, {
      heading: '<script>alert(1)</script>',
      venue: '<img src=x onerror=alert(1)>',
      link: 'javascript:alert(1)',
      src: 'javascript:alert(2)',
    });
    const mjml = renderEvents(section, ctx, noChild);
    expect(mjml).not.toContain('<script>');
    expect(mjml).not.toContain('javascript:');
    const { doc } = await compileColumns(mjml);
    expect(selectAll('script, img', doc)).toHaveLength(0);
    expect(selectAll('a', doc)).toHaveLength(0);
    expect(textContent(doc)).toContain('<script>alert(1)</script>');
  });

  it('renders nothing without events', () => {
    expect(renderEvents(newSection('evvnt', 'e'), ctx, noChild)).toBe('');
  });
});

describe('event helpers', () => {
  it('reads prices as cents', () => {
    expect(formatPrice('1250')).toBe('$12.50');
    expect(formatPrice('5')).toBe('$0.05');
    expect(formatPrice('123456789')).toBe('$1,234,567.89');
    expect(formatPrice('Free')).toBe('Free');
    expect(formatPrice(' ')).toBe('');
  });

  it('adds the UTM parameters, replacing old ones and keeping the query and fragment', () => {
    expect(ticketUrl('https://t.example/e?id=3&utm_source=x#seats')).toBe(
      'https://t.example/e?id=3&utm_source=newsletter&utm_medium=email#seats',
    );
    expect(ticketUrl('mailto:a@b.example')).toBe('');
    expect(ticketUrl('')).toBe('');
  });
});
