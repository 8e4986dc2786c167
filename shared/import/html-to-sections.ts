import { load } from 'cheerio/slim';
import type { Cheerio } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import type { DeltaOp } from '../model/delta';
import { LayoutType, SocialDisplay } from '../model/enums';
import type { Section } from '../model/section';
import { newSection } from '../model/section-factory';
import { networkOption } from '../model/blocks/social';
import { checkHtml } from '../rules/html-block';
import { sanitizeEmailHtml } from '../render/blocks/html';
import {
  alignOf,
  blockAlign,
  collapse,
  DROPPED,
  hasText,
  HEADINGS,
  imagesIn,
  isButtonLink,
  isDataTable,
  isElement,
  isHidden,
  isInline,
  isPixel,
  networkOf,
  styleOf,
  tagOf,
  textOf,
} from './email-nodes';
import { colourOf, inlineOps, tidyLines } from './inline-delta';

// An email's HTML (exported from Mailchimp, Substack, Ghost, a saved page...) as sections.
// Email HTML is nested layout tables, so the walk looks through containers to the leaves that
// carry content: headings and paragraphs become text blocks with their formatting and links,
// images image blocks, links drawn as buttons buttons, rules dividers, two simple columns a
// layout, a row of social links a social block. Whatever else holds content (a data table, a
// form) is kept as an HTML block, sanitised and checked by the HTML block's own rules.
// Hidden preheaders, tracking pixels, scripts, styles and Outlook's conditional comments go.

/** Makes ids; the caller's source of uniqueness (shared/ has none of its own). */
export type IdSource = () => string;

export interface ImportedSections {
  sections: Section[];
  /** The document's <title>, a subject to start from. */
  title: string;
}

type Node = AnyNode;

/** A section from inside a link, given that link where it has none of its own. */
function withLink(section: Section, href: string): Section {
  if (section.type === 'image') return section.blockModel.link ? section : { ...section, blockModel: { ...section.blockModel, link: href } };
  if (section.type !== 'paragraph' && section.type !== 'heading' && section.type !== 'blockquote') return section;
  const ops = section.delta.ops.map((op) => (op.insert === '\n' || op.attributes?.link ? op : { ...op, attributes: { ...op.attributes, link: href } }));
  return { ...section, delta: { ops } };
}

/** Turns an element back into markup for an HTML block. */
type Serialise = (element: Element) => string;

class Walker {
  constructor(
    private readonly nextId: IdSource,
    private readonly serialise: Serialise,
  ) {}

  walkChildren(parent: Element): Section[] {
    const out: Section[] = [];
    let run: Node[] = [];
    const flush = () => {
      const paragraph = this.paragraph(run, alignOf(parent));
      if (paragraph) out.push(paragraph);
      run = [];
    };
    for (const child of parent.children) {
      if (child.type === 'comment' || child.type === 'directive' || child.type === 'cdata') continue;
      if (isElement(child) && (DROPPED.has(tagOf(child)) || isHidden(child))) continue;
      if (isInline(child) && !(isElement(child) && isButtonLink(child, parent))) {
        run.push(child);
        continue;
      }
      flush();
      out.push(...this.walk(child as Element, parent));
    }
    flush();
    return out;
  }

  walk(element: Element, parent: Element | null): Section[] {
    const tag = tagOf(element);
    if (HEADINGS.has(tag)) {
      if (imagesIn(element).length === 0) return this.textBlock(element, 'heading');
      // A heading holding a picture (a logo in an h1): the picture, then the words as the heading.
      const level = Number(tag.slice(1));
      return this.walkChildren(element).map((section) => (section.type === 'paragraph' ? this.asHeading(section, level) : section));
    }
    if (tag === 'hr') return [newSection('divider', this.nextId())];
    if (tag === 'img') return this.image(element, null);
    if (tag === 'ul' || tag === 'ol') return this.list(element);
    if (tag === 'a') {
      if (isButtonLink(element, parent)) return [this.button(element, parent)];
      const images = imagesIn(element);
      if (images.length === 1 && !hasText(element)) return this.image(images[0]!, element.attribs.href ?? null);
      // A link around a picture and words (a story's teaser): both keep the link.
      const href = element.attribs.href?.trim();
      return this.walkChildren(element).map((section) => (href ? withLink(section, href) : section));
    }
    if (tag === 'table' && isDataTable(element)) return [this.htmlBlock(element)];
    const social = this.social(element);
    if (social) return [social];
    if (tag === 'tr') {
      const layout = this.layout(element);
      if (layout) return [layout];
    }
    if (this.isDividerCell(element)) return [newSection('divider', this.nextId())];
    if (tag === 'p' || tag === 'blockquote' || tag === 'pre') {
      if (element.children.every(isInline)) return this.textBlock(element, tag === 'blockquote' ? 'blockquote' : 'paragraph');
    }
    const inner = this.walkChildren(element);
    if (inner.length === 0 && hasText(element)) return [this.htmlBlock(element)];
    return inner;
  }

  private paragraph(nodes: readonly Node[], align: string | undefined): Section | null {
    const ops = tidyLines(inlineOps(nodes), align && align !== 'left' ? { align } : undefined);
    if (ops.length === 0) return null;
    const section = newSection('paragraph', this.nextId());
    return { ...section, delta: { ops }, blockModel: { align: blockAlign(align) } };
  }

  private textBlock(element: Element, type: 'heading' | 'paragraph' | 'blockquote'): Section[] {
    const align = alignOf(element);
    if (type === 'heading') {
      const level = Number(tagOf(element).slice(1));
      const ops = tidyLines(inlineOps(element.children), { header: level, ...(align && align !== 'left' ? { align } : {}) });
      if (ops.length === 0) return [];
      const section = newSection('heading', this.nextId());
      const headingType = `h${level}` as typeof section.blockModel.headingType;
      return [{ ...section, delta: { ops }, blockModel: { headingType, align: blockAlign(align) } }];
    }
    const ops = tidyLines(inlineOps(element.children), align && align !== 'left' ? { align } : undefined);
    if (ops.length === 0) return [];
    if (type === 'blockquote') return [{ ...newSection('blockquote', this.nextId()), delta: { ops } }];
    const section = newSection('paragraph', this.nextId());
    return [{ ...section, delta: { ops }, blockModel: { align: blockAlign(align) } }];
  }

  private asHeading(paragraph: Section, level: number): Section {
    const heading = newSection('heading', paragraph.uniqueId);
    const ops = paragraph.delta.ops.map((op) => (op.insert === '\n' ? { ...op, attributes: { ...op.attributes, header: level } } : op));
    const align = paragraph.type === 'paragraph' ? paragraph.blockModel.align : 'left';
    return { ...heading, delta: { ops }, blockModel: { headingType: `h${level}` as typeof heading.blockModel.headingType, align } };
  }

  private list(element: Element): Section[] {
    const kind = tagOf(element) === 'ol' ? 'ordered' : 'bullet';
    const ops: DeltaOp[] = [];
    const rest: Section[] = [];
    for (const item of element.children) {
      if (!isElement(item) || tagOf(item) !== 'li' || isHidden(item)) continue;
      if (item.children.every(isInline)) ops.push(...tidyLines(inlineOps(item.children), { list: kind }));
      else rest.push(...this.walkChildren(item));
    }
    if (ops.length === 0) return rest;
    return [{ ...newSection('paragraph', this.nextId()), delta: { ops } }, ...rest];
  }

  private image(element: Element, link: string | null): Section[] {
    const src = (element.attribs.src ?? '').trim();
    if (src === '' || isPixel(element)) return [];
    const section = newSection('image', this.nextId());
    const width = Number.parseInt(element.attribs.width ?? styleOf(element).width ?? '', 10);
    return [
      {
        ...section,
        blockModel: {
          ...section.blockModel,
          src,
          originalSrc: src,
          alt: collapse(element.attribs.alt ?? '').trim(),
          link: link?.trim() ?? '',
          hasOriginalImageWidth: false,
          ...(Number.isFinite(width) && width > 1 ? { width } : {}),
        },
      },
    ];
  }

  private button(element: Element, parent: Element | null): Section {
    const section = newSection('button', this.nextId());
    const style = styleOf(element);
    const parentStyle = parent ? styleOf(parent) : {};
    const background =
      colourOf(style['background-color']) ?? colourOf(style.background) ?? colourOf(parent?.attribs.bgcolor) ?? colourOf(parentStyle['background-color']) ?? colourOf(parentStyle.background);
    const colour = colourOf(style.color);
    return {
      ...section,
      blockModel: {
        ...section.blockModel,
        value: collapse(textOf(element)).trim(),
        link: element.attribs.href?.trim() ?? '',
        ...(background ? { backgroundColor: background } : {}),
        ...(colour ? { color: colour } : {}),
      },
    };
  }

  /** A cell or div drawn only as a line: no content, a top or bottom border. */
  private isDividerCell(element: Element): boolean {
    const tag = tagOf(element);
    if (tag !== 'td' && tag !== 'div' && tag !== 'p') return false;
    if (hasText(element) || imagesIn(element).length > 0) return false;
    const style = styleOf(element);
    const line = style['border-top'] ?? style['border-bottom'];
    return line !== undefined && !/none|\b0(px)?\b/.test(line);
  }

  /** A row (or block) whose content is only links to social profiles, as icons or names. */
  private social(element: Element): Section | null {
    const links: Element[] = [];
    const collect = (node: Node) => {
      if (!isElement(node)) return;
      if (tagOf(node) === 'a') links.push(node);
      else node.children.forEach(collect);
    };
    collect(element);
    if (links.length < 2) return null;
    const networks = links.map((link) => networkOf(link.attribs.href ?? ''));
    if (networks.some((network) => network === null)) return null;
    // Everything visible must be those links: no other text around them.
    const outside = collapse(textOf(element)).replace(/\s/g, '');
    const inside = links.map((link) => collapse(textOf(link)).replace(/\s/g, '')).join('');
    if (outside !== inside) return null;
    const section = newSection('profile', this.nextId());
    const textOnly = links.every((link) => imagesIn(link).length === 0);
    return {
      ...section,
      blockModel: {
        ...section.blockModel,
        display: textOnly ? SocialDisplay.textOnly : SocialDisplay.iconsOnly,
        models: links.map((link, index) => {
          const name = networks[index]!;
          const text = collapse(textOf(link)).trim();
          return { ...networkOption(name), id: `${name}-${index}`, url: link.attribs.href!.trim(), ...(text ? { text } : {}) };
        }),
      },
    };
  }

  /** Two cells side by side, each one picture or one text: a layout of the matching type. */
  private layout(row: Element): Section | null {
    const cells = row.children.filter((c): c is Element => isElement(c) && (tagOf(c) === 'td' || tagOf(c) === 'th') && !isHidden(c));
    const filled = cells.filter((cell) => hasText(cell) || imagesIn(cell).some((img) => !isPixel(img)));
    if (filled.length !== 2) return null;
    // A column with a table inside holds more than one block; checking before walking it
    // also keeps nested layout tables from being walked once per level above them.
    if (filled.some((cell) => cell.children.some(function hasTable(node: Node): boolean {
      return isElement(node) && (tagOf(node) === 'table' || node.children.some(hasTable));
    }))) return null;
    const children = filled.map((cell) => this.walkChildren(cell));
    if (!children.every((list) => list.length === 1 && (list[0]!.type === 'image' || list[0]!.type === 'paragraph'))) return null;
    const [left, right] = children.map((list) => list[0]!) as [Section, Section];
    const kinds = `${left.type}|${right.type}`;
    const layoutType =
      kinds === 'image|paragraph'
        ? LayoutType.imageLeftParagraphRight
        : kinds === 'paragraph|image'
          ? LayoutType.paragraphLeftImageRight
          : kinds === 'image|image'
            ? LayoutType.imagesSideBySide
            : LayoutType.paragraphsSideBySide;
    const section = newSection('layout', this.nextId());
    return { ...section, layoutType, isLayoutStacked: false, blocks: [left, right].map((child) => ({ ...child, columnWidth: 50 })) };
  }

  private htmlBlock(element: Element): Section {
    // Stored as the HTML block's sanitiser leaves it, and judged by the block's own check, so
    // the block reads in its panel exactly as it will be sent.
    const html = sanitizeEmailHtml(this.serialise(element)).trim();
    const section = newSection('html', this.nextId());
    return { ...section, blockModel: { html, isValid: checkHtml(html).valid, isRelaxed: false } };
  }
}

export function htmlToSections(html: string, nextId: IdSource): ImportedSections {
  // Outlook's conditional comments (<!--[if mso]>…<![endif]-->) hold a second copy of
  // what the other clients see; as comments, the parser drops them with every other.
  const $ = load(html);
  const title = collapse($('title').first().text()).trim();
  const body = $('body').get(0) ?? $.root().get(0);
  const walker = new Walker(nextId, (element) => $.html(element as unknown as Cheerio<Element>) ?? '');
  const sections = body ? walker.walkChildren(body as unknown as Element) : [];
  return { sections, title };
}
