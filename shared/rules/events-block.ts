import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { EVENTS_TOTAL_MAX } from '../model/constants';
import { emptyDelta } from '../model/delta';
import type { EventItem, EventsModel } from '../model/blocks/events';
import { accept, notANumberMessage, readNumber, refuse, requiredMessage, type FieldResult } from './field-result';

// The events (Evvnt) block (spec 2 §4, §5 "Events", §8): how many events a load asks for,
// which days it covers on the channel's clock, and the cards the loaded events become.

dayjs.extend(utc);
dayjs.extend(timezone);

export const EVENTS_MESSAGES = {
  categoriesFailed: 'Sorry, we failed to get your Evvnt categories.',
  invalidToken: "It seems that you don't have a valid Evvnt token",
  fetchFailed: 'Something went wrong, we were not able to fetch your events.',
  eventsFailed: 'Sorry, we failed to get your Evvnt events.',
  noEvents: "Looks like you don't have any event on selected dates.",
  offline: 'Loading events needs a connection to the platform.',
} as const;

/** Where the Evvnt token is set (the invalid-token notice links here). */
export { integrationsPath as INTEGRATIONS_ROUTE } from '../app-paths';
/** Spec 2 §4: categories are listed 100 at most. */
export const EVENTS_CATEGORY_LIMIT = 100;
export const LOADING_LABEL = 'Loading...';

/** What the events provider answers for one event; the block's cards are made from it. */
export interface ProviderEvent {
  slug: string;
  title: string;
  description: string;
  image: string | null;
  /** ISO instant. */
  startsAt: string;
  /** Cents, as digits; '' when free or unknown. */
  price: string;
  venue: string;
  link: string;
}

/** Spec 2 §5: 'Events per day options go up to floor(100 / days)'. */
export function countPerDayOptions(daysToDisplay: number): number[] {
  const days = Math.max(1, daysToDisplay);
  return Array.from({ length: Math.floor(EVENTS_TOTAL_MAX / days) }, (_, index) => index + 1);
}

/** Spec 2 §5: the total asked for is count × days, 100 if that is 0 or over 100. */
export function requestedEventsTotal(countPerDay: number, daysToDisplay: number): number {
  const product = countPerDay * daysToDisplay;
  return product <= 0 || product > EVENTS_TOTAL_MAX ? EVENTS_TOTAL_MAX : product;
}

/** Spec 2 §4: Load events is disabled with no events per day or no category. */
export function loadEventsDisabled(model: Pick<EventsModel, 'countPerDay' | 'categories'>): boolean {
  return model.countPerDay <= 0 || model.categories.length === 0;
}

/** The days a load covers on the channel's clock: from tomorrow (or today) for `daysToDisplay` days, both ends included. */
export function eventsDateRange(now: Date, zone: string, model: Pick<EventsModel, 'daysToDisplay' | 'includeCurrentDate'>): { from: string; to: string } {
  const today = dayjs(now).tz(zone).startOf('day');
  const start = model.includeCurrentDate ? today : today.add(1, 'day');
  const end = start.add(Math.max(1, model.daysToDisplay) - 1, 'day');
  return { from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') };
}

export const EVENT_DATE_FORMAT = 'dddd, MMMM D [at] h:mm A';

/**
 * The cards of a load: events in start order, at most `countPerDay` on each day of the
 * channel's clock and `requestedEventsTotal` in all, dated on that clock.
 */
export function eventItemsFrom(events: readonly ProviderEvent[], model: Pick<EventsModel, 'countPerDay' | 'daysToDisplay' | 'callToAction'>, zone: string): EventItem[] {
  const perDay = new Map<string, number>();
  const total = requestedEventsTotal(model.countPerDay, model.daysToDisplay);
  const items: EventItem[] = [];
  const sorted = [...events].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  for (const event of sorted) {
    if (items.length >= total) break;
    const local = dayjs(event.startsAt).tz(zone);
    if (!local.isValid()) continue;
    const day = local.format('YYYY-MM-DD');
    const taken = perDay.get(day) ?? 0;
    if (taken >= model.countPerDay) continue;
    perDay.set(day, taken + 1);
    items.push({
      slug: event.slug,
      src: event.image ?? '',
      heading: event.title,
      date: local.format(EVENT_DATE_FORMAT),
      description: event.description,
      price: event.price,
      venue: event.venue,
      link: event.link,
      buttonText: model.callToAction,
      buttonDelta: emptyDelta(),
      headingDelta: emptyDelta(),
      dateDelta: emptyDelta(),
      descriptionDelta: emptyDelta(),
      priceAndVenueDelta: emptyDelta(),
    });
  }
  return items;
}

/**
 * Spec 2 §5 "Events": font sizes and the space between elements are required numbers; a
 * value that is not positive becomes 1 for a font size and 0 for the space.
 */
export function checkEventsSize(input: string | number, label: string, isSpace = false): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return refuse(requiredMessage(label));
  if (!Number.isFinite(read)) return refuse(notANumberMessage(label));
  if (read <= 0) return accept(isSpace ? 0 : 1);
  return accept(read);
}
