import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  PREVIEW_TEXT_MAX,
  PREVIEW_TEXT_TOO_LONG_MESSAGE,
  SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE,
  SOCIAL_CARD_TEXT_MAX,
  socialCardLength,
} from '../../shared/contract/platform-letters';
import { SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';
import { specificEmailsProblem, storedSpecificEmails } from '../../shared/rules/specific-emails';
import type { FieldErrors } from '../http/errors';

// What a letter needs before it may be scheduled (DECISIONS: title, subtitle, segment,
// a publication date in the future, openGraphHeadline), and the wall-clock arithmetic:
// `publicationDate` is wall-clock time in the letter's zone, so "in the future" and the
// stored instant both depend on that zone, never on the server's.

dayjs.extend(utc);
dayjs.extend(timezone);

/** The UTC instant of a wall-clock `YYYY-MM-DD HH:mm:ss` in `zone`. */
export function publicationInstant(wallClock: string, zone: string): Date {
  return dayjs.tz(wallClock, zone).toDate();
}

export interface SchedulingFields {
  title: string;
  subtitle: string;
  segmentId: number | null;
  publicationDate: string | null;
  /** The letter's zone, already defaulted to the channel's. */
  zone: string;
  openGraphHeadline: string;
  hasAbTest: boolean;
  subjectB: string;
  /** The letter's settings, where the 'Specific emails' list is kept. */
  settings: unknown;
}

export const SCHEDULING_FIELD_MESSAGES = {
  title: 'The email subject is required.',
  subtitle: 'The preview text is required.',
  segmentId: 'Choose an audience.',
  publicationDate: 'Choose a date and time.',
  publicationDatePast: 'Choose a date and time in the future.',
  openGraphHeadline: 'The social card headline is required.',
  subjectB: 'Subject B is required for an A/B test.',
  subjectsEqual: 'Subject A and subject B must be different.',
} as const;

/** Field messages for every requirement the letter misses; empty when it may be scheduled. */
export function schedulingProblems(fields: SchedulingFields, now: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const m = SCHEDULING_FIELD_MESSAGES;
  if (fields.title.trim() === '') add('title', m.title);
  if (fields.subtitle.trim() === '') add('subtitle', m.subtitle);
  else if (fields.subtitle.length > PREVIEW_TEXT_MAX) add('subtitle', PREVIEW_TEXT_TOO_LONG_MESSAGE);
  if (fields.segmentId === null) add('segmentId', m.segmentId);
  else if (fields.segmentId === SPECIFIC_EMAILS_SEGMENT_ID) {
    const problem = specificEmailsProblem(storedSpecificEmails(fields.settings));
    if (problem) add('specificEmails', problem);
  }
  if (fields.publicationDate === null) add('publicationDate', m.publicationDate);
  else if (publicationInstant(fields.publicationDate, fields.zone).getTime() <= now.getTime()) {
    add('publicationDate', m.publicationDatePast);
  }
  if (fields.openGraphHeadline.trim() === '') add('openGraphHeadline', m.openGraphHeadline);
  else if (socialCardLength(fields.openGraphHeadline) > SOCIAL_CARD_TEXT_MAX) {
    add('openGraphHeadline', SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE);
  }
  if (fields.hasAbTest) {
    if (fields.subjectB.trim() === '') add('subjectB', m.subjectB);
    else if (fields.subjectB.trim() === fields.title.trim()) add('subjectB', m.subjectsEqual);
  }
  return errors;
}
