import type { Section } from '../model';
import { DESKTOP_WIDTH_MAX, DESKTOP_WIDTH_MIN, effectiveDesktopWidth } from '../model';
import { clamp, round2, safeColor } from './css';
import { rendererFor } from './blocks';
import { withChannelColors } from './channel-colors';
import { mjAttrs } from './mjml';
import { sectionBox, sectionTextDefaults, withTextDefaults } from './section-style';
import type { RenderContext } from './types';

// One section to MJML: its block's renderer, wrapped in the section's common settings.
// A top-level section is an mj-section (full-width when its background is extended); the
// children of a layout are mj-columns carrying their own box and font settings.

export class UnknownBlockTypeError extends Error {
  constructor(readonly type: string) {
    super(`Unknown block type "${type}"`);
    this.name = 'UnknownBlockTypeError';
  }
}

/** The body width the letter renders at: its desktop width within the model's limits. */
export function letterWidth(ctx: Pick<RenderContext, 'settings'>): number {
  return Math.round(clamp(effectiveDesktopWidth(ctx.settings), DESKTOP_WIDTH_MIN, DESKTOP_WIDTH_MAX));
}

function entryFor(section: Section) {
  const entry = rendererFor(section.type);
  if (!entry) throw new UnknownBlockTypeError(String(section.type));
  return entry;
}

/** Column elements and row breaks, stripped so their contents can sit in one column. */
const COLUMN_TAGS = /<mj-column\b[^>]*>|<\/mj-column>|<mj-raw><!--\[if mso \| IE\]><\/tr><tr><!\[endif\]--><\/mj-raw>/g;

/**
 * The section's content as column children. A section that lays out columns itself cannot
 * nest inside another column (MJML has no nested columns), so inside a layout its columns
 * are flattened: their contents follow one another in the one column it gets.
 */
function renderContent(section: Section, ctx: RenderContext): string {
  const entry = entryFor(section);
  if (entry.kind === 'block') return entry.render(section, ctx);
  return entry.render(section, ctx, (child, width) => renderColumn(child, width, ctx.contentWidth, ctx)).replace(COLUMN_TAGS, '');
}

/** A child section as one `<mj-column>` of `widthPercent` of a box `parentWidth` px wide. */
function renderColumn(own: Section, widthPercent: number, parentWidth: number, ctx: RenderContext): string {
  const child = withChannelColors(own, ctx.channel);
  const width = round2(clamp(widthPercent, 1, 100));
  const box = sectionBox(child, ctx.settings, 'transparent');
  const columnWidth = (parentWidth * width) / 100;
  const childCtx: RenderContext = { ...ctx, contentWidth: Math.max(0, Math.floor(columnWidth - box.horizontalSpace)) };
  const content = withTextDefaults(renderContent(child, childCtx), sectionTextDefaults(child, ctx.settings));
  return `<mj-column${mjAttrs({ width: `${width}%`, ...box.attributes })}>${content}</mj-column>`;
}

/**
 * A top-level section as one `<mj-section>`, or '' when its block has nothing to show (an
 * empty paragraph, an image without a source): a box around nothing is no use to a reader.
 * Throws UnknownBlockTypeError for a type no renderer knows.
 */
export function renderSection(own: Section, ctx: RenderContext): string {
  const section = withChannelColors(own, ctx.channel);
  const entry = entryFor(section);
  const bodyWidth = letterWidth(ctx);
  const letterBackground = safeColor(ctx.settings.backgroundColor, 'transparent');
  const bodyBackground = safeColor(ctx.settings.backgroundColorBody, 'transparent');
  const box = sectionBox(section, ctx.settings, letterBackground, section.extendBgColor ? '' : bodyBackground);
  const sectionCtx: RenderContext = { ...ctx, contentWidth: Math.max(0, bodyWidth - box.horizontalSpace) };
  const background = box.attributes['background-color'];
  const attributes = mjAttrs({
    ...box.attributes,
    // An extended background spans the whole window; the content keeps the letter's width.
    'full-width': section.extendBgColor && background ? 'full-width' : undefined,
  });
  if (entry.kind === 'columns') {
    const columns = entry.render(section, sectionCtx, (child, width) =>
      renderColumn(child, width, sectionCtx.contentWidth, sectionCtx),
    );
    if (columns.trim() === '') return '';
    // Children's columns already carry their own font settings; what the renderer wrote
    // itself follows the section's.
    return `<mj-section${attributes}>${withTextDefaults(columns, sectionTextDefaults(section, ctx.settings))}</mj-section>`;
  }
  const content = entry.render(section, sectionCtx);
  if (content.trim() === '') return '';
  const text = withTextDefaults(content, sectionTextDefaults(section, ctx.settings));
  return `<mj-section${attributes}><mj-column width="100%">${text}</mj-column></mj-section>`;
}
