import fc from 'fast-check';
import type { BlockType, DeltaOp, LetterSettings, Section } from '../model';
import {
  ALIGNMENTS,
  BLOCK_ALIGNMENTS,
  BLOCK_TYPES,
  CROP_OPTIONS,
  FOOTER_LANGUAGES,
  HEADING_TYPES,
  ICON_COLOR_SETS,
  LINE_STYLES,
  LetterSettingsSchema,
  NEWS_CATEGORIES,
  SHARE_NETWORKS,
  SOCIAL_NETWORKS,
  SectionSchema,
  defaultLetterSettings,
  newSection,
} from '../model';
import type { LetterContext } from './render-letter';
import { TEST_PLATFORM_URL } from './test-support';

// fast-check arbitraries for the renderer's property tests: letters built from the model's
// factories with arbitrary field values that the model's schemas accept. Every leaf of a
// default value is replaced by an arbitrary value of its kind; what the schema refuses is
// put back to the default (repair), so generated letters are exactly "anything the model
// lets through", hostile strings included.

const HOSTILE_STRINGS = [
  '', ' ', '"><script>alert(1)</script>', "' onmouseover='x", 'javascript:alert(1)', 'file:///etc/passwd',
  'https://example.com/a?b=1&c="2"', 'http://insecure.example', 'mailto:x@example.com', 'team@example.com',
  '#ff0000', '#abc', '#abcd', '#12345678', 'rgb(1,2,3)', 'rgba(300, 2, 3, 0.5)', 'red', 'transparent', 'notacolour',
  'red;background:url(javascript:x)', '{{unsubscribeUrl}}', 'Times New Roman', "O'Brien; font-size:99px",
  '</mj-text><mj-raw>', '</mj-column>', ']]>', '<!--', '-->', '&amp;', '&', '😀 émoji', 'left', 'center', 'full width',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://cdn.example/i.png', '{{', '}}', '[[x]]',
];

export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 24 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }), weight: 1 },
);

/** The model's string enumerations: a field whose default is in one gets its other values often. */
const ENUMS: readonly (readonly string[])[] = [
  BLOCK_ALIGNMENTS, LINE_STYLES, HEADING_TYPES, CROP_OPTIONS, ICON_COLOR_SETS, NEWS_CATEGORIES, FOOTER_LANGUAGES,
  [...SOCIAL_NETWORKS, ...SHARE_NETWORKS],
];

function enumOf(value: string): readonly string[] | undefined {
  return ENUMS.find((values) => values.includes(value)) ?? (ALIGNMENTS.includes(value as 'left') ? ALIGNMENTS : undefined);
}

const anyUrl = fc.oneof(
  fc.constantFrom(
    'https://cdn.example/i.png', 'https://example.com/page?a=1&b=2', 'http://insecure.example/x.png',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'mailto:team@example.com',
    'team@example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', '{{unsubscribeUrl}}',
    '/relative/path', "https://example.com/it's (1).png", '',
  ),
  fc.webUrl(),
);

export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 0.5, 1, 2, 3, 4, 5, 6, 7, 8, 16, 20, 33.333, 50, 80, 99.99, 100, 101, 300, 640, 1000, 9999, 10000, 1e9, -1),
  fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -5, max: 2000 }),
);

const opAttributes = fc.record(
  {
    bold: fc.boolean(),
    italic: fc.boolean(),
    underline: fc.boolean(),
    strike: fc.boolean(),
    link: anyString,
    color: anyString,
    background: anyString,
    header: fc.oneof(fc.integer({ min: 0, max: 7 }), anyString),
    list: fc.oneof(fc.constantFrom('ordered', 'bullet', 'checked'), anyString),
    align: fc.oneof(fc.constantFrom('left', 'center', 'right', 'justify'), anyString),
    indent: fc.integer({ min: -1, max: 10 }),
    script: fc.constantFrom('sub', 'super', 'x'),
  },
  { requiredKeys: [] },
);

const deltaOp: fc.Arbitrary<DeltaOp> = fc.record(
  {
    insert: fc.oneof(
      { arbitrary: anyString, weight: 4 },
      { arbitrary: anyString.map((s) => `${s}\n`), weight: 2 },
      { arbitrary: fc.constant('\n'), weight: 1 },
      { arbitrary: fc.constant({ image: 'https://cdn.example/embed.png' }), weight: 1 },
    ),
    attributes: opAttributes,
  },
  { requiredKeys: ['insert'] },
);

export const anyDelta = fc.record({ ops: fc.array(deltaOp, { maxLength: 8 }) });

/** Items for the lists whose defaults are empty, so that renderers see some content. */
const ARRAY_ITEMS: Record<string, fc.Arbitrary<unknown>> = {
  ops: deltaOp,
  events: fc.record({
    slug: anyString, src: anyString, heading: anyString, date: anyString, description: anyString, price: anyString,
    venue: anyString, link: anyString, buttonText: anyString, buttonDelta: anyDelta, headingDelta: anyDelta,
    dateDelta: anyDelta, descriptionDelta: anyDelta, priceAndVenueDelta: anyDelta,
  }),
  options: fc.record({ id: fc.integer({ min: 1, max: 99 }), title: anyString }, { requiredKeys: ['id', 'title'] }),
  models: fc.record({
    id: fc.integer({ min: 1, max: 9 }),
    name: fc.constantFrom('facebook', 'instagram', 'linkedin', 'pinterest', 'reddit', 'youtube', 'tiktok', 'snapchat', 'x', 'whatsapp'),
    url: anyString,
    image: anyString,
    text: anyString,
  }),
  sources: fc.record({ id: fc.oneof(fc.integer(), anyString), name: anyString }),
  tags: fc.record({ id: fc.integer({ min: 1, max: 99 }), name: anyString }),
  categories: fc.record({ id: fc.integer({ min: 1, max: 99 }), name: anyString }),
  feeds: fc.record({ id: fc.integer({ min: 1, max: 99 }), title: anyString, uniqueId: anyString }),
  utm: fc.record({ key: anyString, value: anyString }),
};

/** An arbitrary value shaped like `value`: each leaf replaced, or kept, at random. */
export function shapedLike(value: unknown, key = ''): fc.Arbitrary<unknown> {
  const keep = fc.constant(value);
  if (typeof value === 'string') {
    if (/src|link|url|image/i.test(key)) return fc.oneof(keep, anyUrl, anyString);
    const values = enumOf(value);
    return values ? fc.oneof(keep, fc.constantFrom(...values), anyString) : fc.oneof(keep, anyString);
  }
  if (typeof value === 'number') return fc.oneof(keep, anyNumber);
  if (typeof value === 'boolean') return fc.boolean();
  if (value === null) return fc.oneof(keep, fc.integer({ min: 0, max: 9 }), anyString);
  if (Array.isArray(value)) {
    const item = ARRAY_ITEMS[key];
    if (item) return fc.oneof(keep, fc.array(item, { maxLength: 3 }));
    return value.length === 0 ? keep : fc.tuple(...value.map((v) => shapedLike(v, key)));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return fc.record(Object.fromEntries(entries.map(([k, v]) => [k, shapedLike(v, k)])));
  }
  return keep;
}

type Path = readonly PropertyKey[];

function getAt(root: unknown, path: Path): { found: boolean; value: unknown } {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !(segment in value)) return { found: false, value: undefined };
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return { found: true, value };
}

/**
 * Puts back the defaults wherever the schema refuses the candidate: the refused value
 * takes the default's value at the same place, an array item the default lacks is removed,
 * an optional field the default lacks is dropped. Returns the default when that never ends.
 */
export function repair<T>(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }, candidate: unknown, fallback: T): T {
  const current = structuredClone(candidate);
  for (let round = 0; round < 60; round++) {
    const result = schema.safeParse(current);
    if (result.success) return current as T;
    for (const issue of result.error!.issues) {
      const path = issue.path;
      let fixed = false;
      for (let depth = 1; depth <= path.length && !fixed; depth++) {
        const prefix = path.slice(0, depth);
        const inDefault = getAt(fallback, prefix);
        if (!inDefault.found) {
          const parent = getAt(current, prefix.slice(0, -1)).value;
          const last = prefix[prefix.length - 1]!;
          if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
          else if (parent && typeof parent === 'object') delete (parent as Record<PropertyKey, unknown>)[last];
          fixed = true;
        }
      }
      if (!fixed) {
        const parent = path.length === 0 ? null : getAt(current, path.slice(0, -1)).value;
        if (!parent || typeof parent !== 'object') return structuredClone(fallback);
        (parent as Record<PropertyKey, unknown>)[path[path.length - 1]!] = structuredClone(getAt(fallback, path).value);
      }
      break; // paths shift after a fix; ask the schema again
    }
  }
  return structuredClone(fallback);
}

const CHILD_TYPES_WITH_BLOCKS: readonly BlockType[] = ['layout', 'dynamic', 'url'];

const sides = fc.record({ top: anyNumber, right: anyNumber, bottom: anyNumber, left: anyNumber });
const corners = fc.record({ topLeft: anyNumber, topRight: anyNumber, bottomLeft: anyNumber, bottomRight: anyNumber });

/** Any section of `type` the model accepts; layouts and dynamic sections get children. */
export function anySectionOf(type: BlockType, id: string, depth = 0): fc.Arbitrary<Section> {
  const base = newSection(type, id);
  const { blocks, delta: _delta, blockModel, borderColor: _c, borderStyle: _s, borderThickness: _t, borderRadius: _r, ...common } = base;
  const children: fc.Arbitrary<Section[]> =
    CHILD_TYPES_WITH_BLOCKS.includes(type) && depth < 2
      ? fc.oneof(
          fc.constant(blocks),
          fc.array(fc.constantFrom(...BLOCK_TYPES), { maxLength: 3 }).chain((types) =>
            fc.tuple(...types.map((t, i) => anySectionOf(t, `${id}-${i}`, depth + 1))).map((list): Section[] => [...list]),
          ),
        )
      : fc.constant(blocks);
  return fc
    .record({
      common: shapedLike(common),
      blockModel: shapedLike(blockModel),
      delta: fc.oneof(fc.constant(base.delta), anyDelta),
      blocks: children,
      border: fc.record(
        { borderColor: anyString, borderStyle: fc.constantFrom('solid', 'dashed', 'dotted'), borderThickness: sides, borderRadius: corners },
        { requiredKeys: [] },
      ),
    })
    .map(({ common: c, blockModel: m, delta, blocks: b, border }) =>
      repair<Section>(SectionSchema, { ...(c as object), ...border, type, blockModel: m, delta, blocks: b }, base),
    );
}

export const anySection = (id: string): fc.Arbitrary<Section> =>
  fc.constantFrom(...BLOCK_TYPES).chain((type) => anySectionOf(type, id));

export const anySettings: fc.Arbitrary<LetterSettings> = fc
  .record({ settings: shapedLike(defaultLetterSettings()), desktop: fc.option(anyNumber, { nil: undefined }), mobile: fc.option(anyNumber, { nil: undefined }) })
  .map(({ settings, desktop, mobile }) => {
    const candidate = { ...(settings as LetterSettings), maxWidthDesktop: desktop, maxWidthMobile: mobile };
    return repair(LetterSettingsSchema, candidate, defaultLetterSettings());
  });

export const anyContext: fc.Arbitrary<LetterContext> = fc.record({
  esp: fc.constantFrom(0, 1, 2),
  letterUniqueId: anyString,
  channel: fc.option(
    fc.record({
      title: anyString,
      channelName: anyString,
      channelSlug: anyString,
      accentColor: anyString,
      logoUrl: fc.option(anyString, { nil: null }),
      contactAddress: fc.option(fc.record({ street: anyString, city: anyString, state: anyString, postal: anyString }), { nil: null }),
    }),
    { nil: null },
  ),
  platformUrl: fc.constant(TEST_PLATFORM_URL),
  isCompanyLevel: fc.boolean(),
  year: fc.integer({ min: 2000, max: 2100 }),
  isEngagementSegment: fc.boolean(),
});
