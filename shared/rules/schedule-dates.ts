import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { isRealWallClock } from '../contract/platform-letters';

// The send date on the channel's wall clock (spec 1 §3, §5, §9): the field's 'Y-m-d H:i'
// format, its minimum (the start of today in the channel's timezone, not the computer's),
// and the two display formats. `publicationDate` is always 'YYYY-MM-DD HH:mm:ss' in `zone`.

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** PHP's 'Y-m-d H:i', the spec's field format. */
export const DATE_FIELD_FORMAT = 'YYYY-MM-DD HH:mm';
// The spec writes 'MMM DD, YYYY at h:mm a z'; unescaped, the 'a' of 'at' would print am/pm.
export const SEND_DATE_FORMAT = 'MMM DD, YYYY [at] h:mm a z';
export const SCHEDULED_NOTICE_FORMAT = 'MMMM Do [at] h:mm a';

export const DATE_MESSAGES = {
  required: 'Choose a date and time.',
  format: 'Use the format YYYY-MM-DD HH:mm, as in 2030-01-31 09:00.',
  notReal: 'This date does not exist.',
  beforeToday: 'Choose a date from today on.',
} as const;

const WALL_CLOCK_SECONDS = 'YYYY-MM-DD HH:mm:ss';

/** 'YYYY-MM-DD 00:00:00' of the day it is now in `zone`. */
export function startOfTodayIn(zone: string, now: Date): string {
  return dayjs(now).tz(zone).startOf('day').format(WALL_CLOCK_SECONDS);
}

/** The field's minimum in its own format. */
export function minimumDateField(zone: string, now: Date): string {
  return startOfTodayIn(zone, now).slice(0, DATE_FIELD_FORMAT.length);
}

/** A stored date as the field shows it ('' for none). */
export function toDateField(publicationDate: string | null): string {
  return publicationDate ? publicationDate.slice(0, DATE_FIELD_FORMAT.length) : '';
}

export type DateFieldParse = { ok: true; publicationDate: string | null } | { ok: false; message: string };

/**
 * What the editor typed, checked: empty is "no date yet" (the gate asks for one), a
 * date before the start of today in `zone` is refused. The seconds are always :00.
 */
export function parseDateField(text: string, zone: string, now: Date): DateFieldParse {
  const value = text.trim().replace('T', ' ');
  if (value === '') return { ok: true, publicationDate: null };
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value)) return { ok: false, message: DATE_MESSAGES.format };
  const publicationDate = `${value}:00`;
  if (!isRealWallClock(publicationDate)) return { ok: false, message: DATE_MESSAGES.notReal };
  // Both sides are wall clocks in the same zone, so the text order is the time order.
  if (publicationDate < startOfTodayIn(zone, now)) return { ok: false, message: DATE_MESSAGES.beforeToday };
  return { ok: true, publicationDate };
}

function inZone(publicationDate: string, zone: string) {
  return dayjs.tz(publicationDate, zone);
}

/** 'Mar 05, 2030 at 9:00 am EST': the send date on the scheduled view. */
export function formatSendDate(publicationDate: string, zone: string): string {
  return inZone(publicationDate, zone).format(SEND_DATE_FORMAT);
}

/** 'March 5th at 9:00 am': the scheduled toast's date. */
export function formatScheduledNotice(publicationDate: string, zone: string): string {
  return inZone(publicationDate, zone).format(SCHEDULED_NOTICE_FORMAT);
}

export function scheduledToastMessage(publicationDate: string, zone: string): string {
  return `Your newsletter is scheduled for ${formatScheduledNotice(publicationDate, zone)}`;
}

/** Spec 1 §4: Pause and edit reloads instead when the send time has already come. */
export function publicationTimeHasPassed(publicationDate: string | null, zone: string, now: Date): boolean {
  return publicationDate !== null && inZone(publicationDate, zone).valueOf() <= now.getTime();
}
