import type { Section, SectionOf } from '../model';
import type { LayoutType } from '../model';
import { EventsLayout, emptyDelta, newLayoutSection, newSectionOfEveryType, textDelta } from '../model';

// A letter with one section of every block type, each filled so that it renders something
// (most blocks render nothing until they have content): what the inbox-compatibility check,
// the every-block render tests and the screenshots look at. Only data, no rendering, so the
// tests that use it and the scripts that render it read the same letter.

/** The id prefix of the sections; a section's id is `{prefix}{type}`. */
export const EVERY_BLOCK_PREFIX = 'every-';

const of = <T extends Section['type']>(sections: readonly Section[], type: T): SectionOf<T> =>
  sections.find((section) => section.type === type) as SectionOf<T>;

function fillText(sections: readonly Section[]): void {
  of(sections, 'heading').delta = textDelta('Harbour news');
  of(sections, 'paragraph').delta = {
    ops: [
      { insert: 'Hello {{ first_name }}, the ' },
      { insert: 'new pier', attributes: { bold: true } },
      { insert: ' opens on ' },
      { insert: 'Saturday', attributes: { link: 'https://example.com/pier' } },
      { insert: '.\nBring a coat.\n' },
    ],
  };
  of(sections, 'blockquote').delta = textDelta('The sea is calm today.');
  Object.assign(of(sections, 'button').blockModel, { value: 'Read the story', link: 'https://example.com/story' });
  Object.assign(of(sections, 'image').blockModel, { src: 'https://cdn.example/pier.jpg', alt: 'The new pier', link: 'https://example.com/gallery' });
}

function fillLayout(layout: SectionOf<'layout'>): void {
  for (const child of layout.blocks) {
    if (child.type === 'image') Object.assign(child.blockModel, { src: 'https://cdn.example/boats.jpg', alt: 'Boats in the harbour' });
    if (child.type === 'paragraph') child.delta = textDelta('The boats came in early, and the fish market opened at six with the first catch of the season.');
  }
}

function fillFeeds(sections: readonly Section[]): void {
  const article = {
    title: 'Rivers rise',
    excerpt: 'The rivers rose again after a week of rain.',
    publicationDate: 'Jun 02, 2031',
    siteName: 'River News',
    author: 'By Ann Lee',
    image: 'https://img.example/river.jpg',
    link: 'https://news.example/rivers',
  };
  for (const type of ['curation', 'newrss', 'wordpress'] as const) Object.assign(of(sections, type).blockModel, article);
  of(sections, 'news').delta = {
    ops: [{ insert: 'Tide tables change', attributes: { bold: true, link: 'https://news.example/tides' } }, { insert: '\nThe new tables start in June.\n' }],
  };
  of(sections, 'rss').delta = {
    ops: [{ insert: 'Harbour log', attributes: { bold: true, link: 'https://blog.example/log' } }, { insert: '\nNotes from the harbour master.\n' }],
  };
  of(sections, 'dynamic').delta = textDelta('A linked page, as the editor inserted it.');
  of(sections, 'url').delta = textDelta('Another linked page, in a URL block.');
}

function fillEvents(section: SectionOf<'evvnt'>): void {
  const event = (n: number) => ({
    slug: `e${n}`,
    src: `https://img.example/e${n}.jpg`,
    heading: `Harbour concert ${n}`,
    date: `June ${n}, 7 pm`,
    description: `An evening of music on pier ${n}.`,
    price: '1250',
    venue: `Pier ${n}`,
    link: `https://tickets.example/e${n}`,
    buttonText: '',
    buttonDelta: emptyDelta(),
    headingDelta: emptyDelta(),
    dateDelta: emptyDelta(),
    descriptionDelta: emptyDelta(),
    priceAndVenueDelta: emptyDelta(),
  });
  // Two columns, so the check also covers the events block's side-by-side cards.
  Object.assign(section.blockModel, { events: [event(1), event(2)], layout: EventsLayout.twoColumns });
}

function fillOthers(sections: readonly Section[]): void {
  Object.assign(of(sections, 'html').blockModel, { html: '<p>Tide at <b>6:40</b>.</p>', isValid: true, isRelaxed: false });
  Object.assign(of(sections, 'youtube').blockModel, { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', alt: 'Harbour tour', hasPlayIcon: true });
  Object.assign(of(sections, 'poll').blockModel, {
    id: 7,
    pollType: 1,
    questionText: 'Which pier do you like best?',
    options: [{ id: 100, title: 'North pier' }, { id: 101, title: 'South pier' }],
  });
  of(sections, 'profile').blockModel.models = [
    { id: 'facebook', name: 'facebook', url: 'https://facebook.com/harbour', image: '', text: 'Facebook' },
    { id: 'instagram', name: 'instagram', url: 'https://instagram.com/harbour', image: '', text: 'Instagram' },
  ];
  of(sections, 'promotion').blockModel.adTypeId = 12;
  of(sections, 'newpromotion').blockModel.zone = 3;
  Object.assign(of(sections, 'revContent').blockModel, { widgetId: 'W123', placementId: 'top-1' });
  // Rendered only in letters sent through Iterable (esp 1); elsewhere it shows nothing.
  of(sections, 'iterable').blockModel.templateId = 'weekly_ad';
}

/**
 * One section of every block type, filled: text blocks first (heading, paragraph, image,
 * button, blockquote), then the others in the registry's order, the footer last.
 */
export function everyBlockSections(prefix = EVERY_BLOCK_PREFIX): Section[] {
  const sections = newSectionOfEveryType(prefix);
  fillText(sections);
  fillLayout(of(sections, 'layout'));
  fillFeeds(sections);
  fillEvents(of(sections, 'evvnt'));
  fillOthers(sections);
  const first = (['heading', 'paragraph', 'image', 'button', 'blockquote'] as const).map((type) => of(sections, type) as Section);
  const footer = of(sections, 'footer');
  return [...first, ...sections.filter((section) => !first.includes(section) && section !== footer), footer];
}

/** A layout of each layout type, filled, for checks of every multi-column arrangement. */
export function everyLayoutSections(prefix = `${EVERY_BLOCK_PREFIX}layout-`): SectionOf<'layout'>[] {
  return ([1, 2, 3, 4, 5, 6, 7, 8] as const satisfies readonly LayoutType[]).map((layoutType) => {
    const layout = newLayoutSection(`${prefix}${layoutType}`, layoutType);
    fillLayout(layout);
    return layout;
  });
}
