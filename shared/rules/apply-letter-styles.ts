import type { LetterSettings, LetterTextTag, Section, TextStyle } from '../model';
import { corners } from '../model';

// How the letter's styles (the Styles tab) reach the sections. The model has no override
// flags, so a section field "follows" the letter while it holds the letter's value, or the
// marker that means "the letter's" where the field has one (a transparent background, an
// unset border field, an unset image width). Changing a letter style moves every field that
// follows it along; a field holding anything else was set by the editor and keeps it. The
// override buttons ('Override block settings', 'Override text block settings', and the
// block panels' "override all ... styles") put every field of their group back on the
// letter's styles.

export const STYLE_GROUPS = ['block', 'text', 'button', 'divider', 'image', 'promotion'] as const;
export type StyleGroup = (typeof STYLE_GROUPS)[number];

/** One section field bound to one letter style. */
interface Binding {
  group: StyleGroup;
  get(section: Section): unknown;
  /** `undefined` removes the field (the section then takes the letter's). */
  set(section: Section, value: unknown): Section;
  letter(settings: LetterSettings): unknown;
  /** The marker meaning "take the letter's value": what an override writes, and a value a change never needs to touch. */
  marker?: { value: unknown };
}

/** Colours and font names are compared ignoring case ('#FFFFFF' is '#ffffff'); boxes and corners by value. */
export function sameStyleValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.trim().toLowerCase() === b.trim().toLowerCase();
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameStyleValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return a === b;
}

function withField(target: object, key: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...target };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A field of the section itself. */
function own(group: StyleGroup, key: string, letter: (s: LetterSettings) => unknown, marker?: { value: unknown }): Binding {
  return {
    group,
    get: (section) => (section as unknown as Record<string, unknown>)[key],
    set: (section, value) => withField(section, key, value) as unknown as Section,
    letter,
    ...(marker ? { marker } : {}),
  };
}

/** A field of the section's block model (a path for nested ones, e.g. ['copySettings', 'font']). */
function model(group: StyleGroup, path: readonly string[], letter: (s: LetterSettings) => unknown, marker?: { value: unknown }): Binding {
  const read = (target: unknown, at: readonly string[]): unknown =>
    at.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), target);
  const write = (target: object, at: readonly string[], value: unknown): object => {
    const [key, ...rest] = at;
    if (key === undefined) return target;
    if (rest.length === 0) return withField(target, key, value);
    return { ...target, [key]: write(((target as Record<string, unknown>)[key] ?? {}) as object, rest, value) };
  };
  return {
    group,
    get: (section) => read(section.blockModel, path),
    set: (section, value) => ({ ...section, blockModel: write(section.blockModel, path, value) }) as Section,
    letter,
    ...(marker ? { marker } : {}),
  };
}

const UNSET = { value: undefined };

/** The text tag whose letter style a text block follows: p for paragraphs and quotes, its level for a heading. */
export function textTagOf(section: Section): LetterTextTag | null {
  if (section.type === 'paragraph' || section.type === 'blockquote') return 'p';
  if (section.type === 'heading') return section.blockModel.headingType;
  return null;
}

function textBindings(section: Section): Binding[] {
  const tag = textTagOf(section);
  if (tag === null) return [];
  const style = (key: keyof TextStyle) => (s: LetterSettings) => s.text[tag][key];
  const bindings = [
    own('text', 'defaultFont', style('font')),
    own('text', 'fontFallback', style('fontFallback')),
    own('text', 'fontSize', style('fontSize')),
    own('text', 'lineHeight', style('lineHeight')),
    own('text', 'textColor', style('color')),
  ];
  // A blockquote's model has no alignment of its own.
  if (section.type !== 'blockquote') bindings.push(model('text', ['align'], style('alignment')));
  return bindings;
}

function blockBindings(section: Section): Binding[] {
  const bindings = [own('block', 'backgroundColor', (s) => s.backgroundColor, { value: 'transparent' })];
  // The blockquote draws no border (its panel has no BORDER section).
  if (section.type === 'blockquote') return bindings;
  return [
    ...bindings,
    own('block', 'borderColor', (s) => s.borders.color, UNSET),
    own('block', 'borderStyle', (s) => s.borders.style, UNSET),
    own('block', 'borderThickness', (s) => s.borders.thickness, UNSET),
    own('block', 'borderRadius', (s) => s.borders.borderRadius, UNSET),
  ];
}

function buttonBindings(section: Section): Binding[] {
  if (section.type === 'button') {
    return [
      model('button', ['backgroundColor'], (s) => s.buttons.color),
      model('button', ['color'], (s) => s.buttons.textColor),
      model('button', ['align'], (s) => s.buttons.alignment),
      model('button', ['borderRadius'], (s) => s.buttons.borderRadius),
    ];
  }
  if (section.type === 'poll') {
    // A poll's alignment has its own 'full width' rule (spec 2 §4), so only its colours and corners follow.
    return [
      model('button', ['buttonBackgroundColor'], (s) => s.buttons.color),
      model('button', ['buttonTextColor'], (s) => s.buttons.textColor),
      model('button', ['buttonBorderRadius'], (s) => corners(s.buttons.borderRadius)),
    ];
  }
  return [];
}

function dividerBindings(section: Section): Binding[] {
  if (section.type !== 'divider') return [];
  return [
    model('divider', ['color'], (s) => s.dividers.color),
    model('divider', ['style'], (s) => s.dividers.style),
    model('divider', ['width'], (s) => s.dividers.thickness),
  ];
}

function imageBindings(section: Section): Binding[] {
  if (section.type !== 'image' && section.type !== 'logo' && section.type !== 'youtube') return [];
  return [
    // An image without a width of its own is drawn at the letter's image width.
    model('image', ['width'], (s) => s.images.width, UNSET),
    model('image', ['align'], (s) => s.images.alignment),
    model('image', ['hasOriginalImageWidth'], (s) => s.images.hasOriginalImageWidth),
  ];
}

const PROMOTION_TEXT_KEYS = ['headingSettings', 'copySettings', 'disclaimerSettings'] as const;
const TEXT_STYLE_KEYS = ['font', 'fontFallback', 'fontSize', 'lineHeight', 'color', 'alignment'] as const;

function promotionBindings(section: Section): Binding[] {
  if (section.type !== 'promotion' && section.type !== 'newpromotion') return [];
  return [
    ...PROMOTION_TEXT_KEYS.flatMap((part) =>
      TEXT_STYLE_KEYS.map((key) => model('promotion', [part, key], (s) => s.promotionSettings[part][key])),
    ),
    model('promotion', ['disclaimer'], (s) => s.promotionSettings.disclaimer),
    model('promotion', ['displayDisclaimer'], (s) => s.promotionSettings.displayDisclaimer),
  ];
}

function bindingsOf(section: Section): Binding[] {
  return [
    ...blockBindings(section),
    ...textBindings(section),
    ...buttonBindings(section),
    ...dividerBindings(section),
    ...imageBindings(section),
    ...promotionBindings(section),
  ];
}

/** Maps every section, children too; unchanged sections (and an unchanged list) keep their identity. */
function mapSections(sections: Section[], change: (section: Section) => Section): Section[] {
  let changed = false;
  const next = sections.map((section) => {
    const children = section.blocks.length > 0 ? mapSections(section.blocks, change) : section.blocks;
    const withChildren = children === section.blocks ? section : ({ ...section, blocks: children } as Section);
    const result = change(withChildren);
    if (result !== section) changed = true;
    return result;
  });
  return changed ? next : sections;
}

/**
 * The sections after the letter's styles went from `before` to `after`: each field that
 * followed a changed letter style takes the new value. Returns `sections` itself when no
 * section follows anything that changed.
 */
export function applyLetterStyleChange(sections: Section[], before: LetterSettings, after: LetterSettings): Section[] {
  return mapSections(sections, (section) =>
    bindingsOf(section).reduce((current, binding) => {
      const was = binding.letter(before);
      const now = binding.letter(after);
      if (sameStyleValue(was, now)) return current;
      const value = binding.get(current);
      if (binding.marker && value === binding.marker.value) return current;
      return sameStyleValue(value, was) ? binding.set(current, now) : current;
    }, section),
  );
}

/**
 * The sections with every field of `group` back on the letter's styles (the override
 * buttons). Fields with a "the letter's" marker get the marker, so they keep following.
 */
export function overrideSectionStyles(sections: Section[], settings: LetterSettings, group: StyleGroup): Section[] {
  return mapSections(sections, (section) =>
    bindingsOf(section)
      .filter((binding) => binding.group === group)
      .reduce((current, binding) => {
        const target = binding.marker ? binding.marker.value : binding.letter(settings);
        const value = binding.get(current);
        const same = binding.marker ? value === target : sameStyleValue(value, target);
        return same ? current : binding.set(current, target);
      }, section),
  );
}

/** A new section dressed in the letter's styles, so it follows them from the start. */
export function sectionWithLetterStyles(section: Section, settings: LetterSettings): Section {
  const [styled] = STYLE_GROUPS.reduce<Section[]>((list, group) => overrideSectionStyles(list, settings, group), [section]);
  return styled ?? section;
}
