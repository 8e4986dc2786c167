import type { Delta, EventItem, EventsModel, SectionOf, TextStyleWithOptionalColor } from '../../model';
import { EVENTS_CALL_TO_ACTION_DEFAULT, EventsLayout } from '../../model';
import { columnRows } from '../columns';
import { fontSizePx, fontStack, px, safeColor } from '../css';
import { escapeHtml, safeUrl } from '../escape';
import { mjAttrs, mjElement } from '../mjml';
import { deltaHasText, deltaToHtml } from '../rich-text';
import type { ColumnsRenderer, RenderContext } from '../types';
import { mjTextAttributes, sectionTextStyle } from './dynamic';

// The events block: one card per event (image, date, heading, description, price and
// venue, ticket button) in one column, or two side by side with a last odd card spanning
// the row (spec 2 §4).

/** Spec 1 §9: the ticket link tells the event site the visit came from the newsletter email. */
export const EVENT_LINK_UTM = { utm_source: 'newsletter', utm_medium: 'email' } as const;

/** The event's link with our UTM parameters (replacing any it had); '' when the link is not http(s). */
export function ticketUrl(link: string): string {
  const url = link.trim();
  if (!/^https?:\/\//i.test(url)) return '';
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = base.indexOf('?');
  const path = queryAt < 0 ? base : base.slice(0, queryAt);
  const query = queryAt < 0 ? '' : base.slice(queryAt + 1);
  const ours = Object.keys(EVENT_LINK_UTM);
  const kept = query.split('&').filter((pair) => pair !== '' && !ours.includes(pair.split('=')[0]!.toLowerCase()));
  const added = Object.entries(EVENT_LINK_UTM).map(([key, value]) => `${key}=${value}`);
  return `${path}?${[...kept, ...added].join('&')}${hash}`;
}

/** Prices are stored in cents (spec 1 §9): '1250' reads '$12.50'. Text that is not a whole number is shown as it is. */
export function formatPrice(price: string): string {
  const value = price.trim();
  if (!/^\d+$/.test(value)) return value;
  const cents = BigInt(value);
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${(cents % 100n).toString().padStart(2, '0')}`;
}

const HALF = 50;
const FULL = 100;

export const renderEvents: ColumnsRenderer<'evvnt'> = (section, ctx) => {
  const model = section.blockModel;
  const cards = model.events.map((event) => renderCard(event, section, ctx));
  if (model.layout !== EventsLayout.twoColumns) return columnRows(cards.map((card) => [column(card, FULL, model)]));
  const rows: string[][] = [];
  for (let index = 0; index < cards.length; index += 2) {
    const pair = cards.slice(index, index + 2);
    rows.push(pair.map((card) => column(card, pair.length === 2 ? HALF : FULL, model)));
  }
  return columnRows(rows);
};

/** A card's column; the model's margin spaces the cards as it spaces a card's parts. */
function column(content: string, width: number, model: EventsModel): string {
  const gap = Math.max(0, model.margin);
  const background = safeColor(model.backgroundColor, 'transparent');
  return mjElement(
    'mj-column',
    { width: `${width}%`, 'background-color': background, padding: `0 ${px(gap / 2)} ${px(gap)} ${px(gap / 2)}` },
    `\n${content}\n`,
  );
}

/** Rich text when the editor has it, else the event's plain field. */
function richOrPlain(delta: Delta, plain: string, color: string, ctx: RenderContext): string {
  return deltaHasText(delta) ? deltaToHtml(delta, ctx, { color }) : escapeHtml(plain.trim());
}

function renderCard(event: EventItem, section: SectionOf<'evvnt'>, ctx: RenderContext): string {
  const model = section.blockModel;
  const color = safeColor(model.color, '#202a33');
  const base = sectionTextStyle(section);
  const sized = (fontSize: number): TextStyleWithOptionalColor => ({ ...base, color, fontSize });
  const spacing = px(model.margin);
  const text = (fontSize: number, html: string, extra = ''): string =>
    `<mj-text${mjTextAttributes(sized(fontSize), color, spacing)}${extra}>${html}</mj-text>`;
  const link = ticketUrl(event.link);
  const parts: string[] = [];

  const src = safeUrl(event.src);
  if (model.hasImage && src !== '' && src !== '#') {
    parts.push(mjElement('mj-image', { src, alt: event.heading.trim(), href: link, 'padding-bottom': spacing }));
  }
  const date = richOrPlain(event.dateDelta, event.date, color, ctx);
  if (date) parts.push(text(model.dateFontSize, date));
  // The model has no heading size: the heading takes the section's size, in bold.
  const heading = richOrPlain(event.headingDelta, event.heading, color, ctx);
  if (heading) parts.push(text(base.fontSize, heading, mjAttrs({ 'font-weight': 'bold' })));
  if (model.hasDescription) {
    const description = richOrPlain(event.descriptionDelta, event.description, color, ctx);
    if (description) parts.push(text(model.descriptionFontSize, description));
  }
  // Built from the fields rather than priceAndVenueDelta: the price must be read from cents.
  const priceAndVenue = [model.hasPrice ? formatPrice(event.price) : '', model.hasVenue ? event.venue.trim() : '']
    .filter(Boolean)
    .map(escapeHtml)
    .join(' &middot; ');
  if (priceAndVenue) parts.push(text(model.priceAndVenueFontSize, priceAndVenue));
  if (model.hasButton && link) {
    const buttons = ctx.settings.buttons;
    const label = event.buttonText.trim() || model.callToAction.trim() || EVENTS_CALL_TO_ACTION_DEFAULT;
    const button = {
      href: link,
      align: base.alignment,
      'background-color': safeColor(buttons.color, '#1D2D4D'),
      color: safeColor(buttons.textColor, '#FFFFFF'),
      'border-radius': px(buttons.borderRadius),
      'font-family': fontStack(buttons.font, buttons.fallbackFont),
      'font-size': fontSizePx(model.buttonFontSize),
      'padding-bottom': spacing,
    };
    parts.push(mjElement('mj-button', button, escapeHtml(label)));
  }
  return parts.join('\n');
}
