import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// How the app shows a moment, one format per kind (issue 37): the spec's 'MMM DD, YYYY'
// and 'MMM DD' (spec 3), and a time always with its zone's abbreviation, on the channel's
// clock where the moment belongs to a channel and on this computer's otherwise (the local
// mailbox, an organization's sending domains). The spec's 'MMM DD, YYYY HH:mm A' pairs a
// 24-hour clock with AM/PM ("14:30 PM"); it is read as the 12-hour clock it names. The
// send date keeps its own spec format (schedule-dates.ts: 'MMM DD, YYYY at h:mm a z').

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

export const DATE_FORMAT = 'MMM DD, YYYY';
export const DAY_FORMAT = 'MMM DD';
export const DATE_TIME_FORMAT = 'MMM DD, YYYY h:mm A z';
/** An hour on a chart's axis: the zone is said once, beside the chart. */
export const HOUR_FORMAT = 'MMM DD, h A';

type Instant = string | number | Date;

/** The moment on `zone`'s clock, or this computer's when no zone is given. */
function on(instant: Instant, zone: string | null | undefined) {
  return zone ? dayjs(instant).tz(zone) : dayjs(instant);
}

/** 'Nov 27, 2026' */
export function formatDate(instant: Instant, zone?: string | null): string {
  return on(instant, zone).format(DATE_FORMAT);
}

/** 'Nov 27' */
export function formatDay(instant: Instant, zone?: string | null): string {
  return on(instant, zone).format(DAY_FORMAT);
}

/** 'Nov 27, 2026 9:05 AM EST' */
export function formatDateTime(instant: Instant, zone?: string | null): string {
  // Without a zone, dayjs's `z` needs one to name: this computer's.
  return on(instant, zone ?? dayjs.tz.guess()).format(DATE_TIME_FORMAT);
}

/** 'Nov 27, 9 AM' */
export function formatHour(instant: Instant, zone?: string | null): string {
  return on(instant, zone).format(HOUR_FORMAT);
}

/** A time of day to the second: versions saved a few seconds apart (History) stay apart. */
export const TIME_SECONDS_FORMAT = 'h:mm:ss A';

/** '9:05:42 AM' */
export function formatTimeWithSeconds(instant: Instant, zone?: string | null): string {
  return on(instant, zone).format(TIME_SECONDS_FORMAT);
}
