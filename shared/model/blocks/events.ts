import { z } from 'zod';
import {
  EVENTS_CALL_TO_ACTION_DEFAULT,
  EVENTS_DATE_FONT_SIZE_DEFAULT,
  EVENTS_DAYS_DEFAULT,
  EVENTS_DESCRIPTION_FONT_SIZE_DEFAULT,
  EVENTS_MARGIN_DEFAULT,
  EVENTS_PRICE_AND_VENUE_FONT_SIZE_DEFAULT,
  SECTION_TEXT_COLOR_DEFAULT,
} from '../constants';
import { DeltaSchema } from '../delta';
import { EventsLayout, EventsLayoutSchema } from '../enums';

// The events (evvnt) block: filters for the ICS feed, the loaded events, and their styling.

export const EventCategorySchema = z.object({ slug: z.string(), name: z.string() });
export type EventCategory = z.infer<typeof EventCategorySchema>;

export const EventItemSchema = z.object({
  slug: z.string(),
  /** The event image. */
  src: z.string(),
  heading: z.string(),
  date: z.string(),
  description: z.string(),
  price: z.string(),
  venue: z.string(),
  link: z.string(),
  buttonText: z.string(),
  buttonDelta: DeltaSchema,
  headingDelta: DeltaSchema,
  dateDelta: DeltaSchema,
  descriptionDelta: DeltaSchema,
  priceAndVenueDelta: DeltaSchema,
});
export type EventItem = z.infer<typeof EventItemSchema>;

const fontSize = z.number().nonnegative();

export const EventsModelSchema = z.strictObject({
  buttonFontSize: fontSize,
  callToAction: z.string(),
  dateFontSize: fontSize,
  descriptionFontSize: fontSize,
  priceAndVenueFontSize: fontSize,
  hasImage: z.boolean(),
  hasDescription: z.boolean(),
  hasPrice: z.boolean(),
  hasVenue: z.boolean(),
  hasButton: z.boolean(),
  /** Off: events start tomorrow. */
  includeCurrentDate: z.boolean(),
  events: z.array(EventItemSchema),
  /** Space between elements, in px. */
  margin: z.number().nonnegative(),
  categories: z.array(EventCategorySchema),
  countPerDay: z.number().int().nonnegative(),
  daysToDisplay: z.number().int().nonnegative(),
  layout: EventsLayoutSchema,
  backgroundColor: z.string(),
  color: z.string(),
});
export type EventsModel = z.infer<typeof EventsModelSchema>;

/** The spec gives no button font size; 16 sits between the 14 px venue and 18 px date lines. */
export const EVENTS_BUTTON_FONT_SIZE_DEFAULT = 16;

export function defaultEventsModel(): EventsModel {
  return {
    buttonFontSize: EVENTS_BUTTON_FONT_SIZE_DEFAULT,
    callToAction: EVENTS_CALL_TO_ACTION_DEFAULT,
    dateFontSize: EVENTS_DATE_FONT_SIZE_DEFAULT,
    descriptionFontSize: EVENTS_DESCRIPTION_FONT_SIZE_DEFAULT,
    priceAndVenueFontSize: EVENTS_PRICE_AND_VENUE_FONT_SIZE_DEFAULT,
    hasImage: true,
    hasDescription: true,
    hasPrice: true,
    hasVenue: true,
    hasButton: true,
    includeCurrentDate: false,
    events: [],
    margin: EVENTS_MARGIN_DEFAULT,
    categories: [],
    countPerDay: 1,
    daysToDisplay: EVENTS_DAYS_DEFAULT,
    layout: EventsLayout.oneColumn,
    backgroundColor: 'transparent',
    color: SECTION_TEXT_COLOR_DEFAULT,
  };
}
