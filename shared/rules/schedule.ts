import {
  PREVIEW_TEXT_MAX,
  SCHEDULING_REQUIREMENTS_MESSAGE,
  SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE,
  SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE,
  SOCIAL_CARD_TEXT_MAX,
  socialCardLength,
} from '../contract/platform-letters';
import type { Section } from '../model/section';
import type { UtmEntry } from '../model/utm';
import { UTM_VALUE_REQUIRED_MESSAGE, utmValueProblem } from './utm-value';

// The schedule step's field rules (spec 1 §5): subjects and the A/B test, preview text,
// the social card, UTM rows, and when the primary action may run. Pure, so the sidebar,
// the action bar and their tests read the same rules. The required-field messages are the
// platform's own (src-server/letters/scheduling.ts), so app and server say the same thing.

export const SCHEDULE_MESSAGES = {
  subject: 'The email subject is required.',
  // The spec names these errors by key only ('subject A empty', 'subject B empty',
  // 'duplicate subjects'); the wording is ours and matches the platform's.
  subjectAEmpty: 'Subject A is required for an A/B test.',
  subjectBEmpty: 'Subject B is required for an A/B test.',
  duplicateSubjects: 'Subject A and subject B must be different.',
  previewText: 'The preview text is required.',
  audience: 'Choose an audience.',
  headline: 'The social card headline is required.',
  headlineFieldMax: 'The headline may not be greater than 80 characters.',
  description: 'The social card description is required.',
  htmlBlockInvalid: 'An HTML block holds HTML that is not valid. Fix it or relax its check before scheduling.',
  fixFields: 'Please correct the highlighted fields to save and schedule.',
  utmKeyRequired: 'Enter a key.',
  utmKeyWhitespace: 'A key may not contain spaces.',
  utmKeyDuplicate: 'This key is already used.',
  utmValueRequired: UTM_VALUE_REQUIRED_MESSAGE,
} as const;

/** The headline input's own limit; the 180-character rule covers text loaded from a page. */
export const SOCIAL_CARD_HEADLINE_FIELD_MAX = 80;

// --- Subjects -------------------------------------------------------------------------------

export type SubjectErrorKey = 'subject empty' | 'subject A empty' | 'subject B empty' | 'duplicate subjects';

export interface SubjectFields {
  /** The subject, or subject A with an A/B test on. */
  title: string;
  subjectB: string;
  hasAbTest: boolean;
}

export interface SubjectProblem {
  key: SubjectErrorKey;
  field: 'title' | 'subjectB';
  message: string;
}

/** Every problem with the subject fields; empty when they may be scheduled. */
export function subjectProblems({ title, subjectB, hasAbTest }: SubjectFields): SubjectProblem[] {
  const a = title.trim();
  const b = subjectB.trim();
  if (!hasAbTest) return a === '' ? [{ key: 'subject empty', field: 'title', message: SCHEDULE_MESSAGES.subject }] : [];
  const problems: SubjectProblem[] = [];
  if (a === '') problems.push({ key: 'subject A empty', field: 'title', message: SCHEDULE_MESSAGES.subjectAEmpty });
  if (b === '') problems.push({ key: 'subject B empty', field: 'subjectB', message: SCHEDULE_MESSAGES.subjectBEmpty });
  if (a !== '' && a === b) problems.push({ key: 'duplicate subjects', field: 'subjectB', message: SCHEDULE_MESSAGES.duplicateSubjects });
  return problems;
}

/** Spec 1 §5: with A/B on, a missing subject or two equal ones blocks going back to draft. */
export function abTestBlocksDraft(fields: SubjectFields): boolean {
  return fields.hasAbTest && subjectProblems(fields).length > 0;
}

// --- Preview text ----------------------------------------------------------------------------

/**
 * The neutral counter under the preview text while it is within the limit: '42/150 characters'.
 * The spec's sentence below is a refusal, so it is shown only once the text is too long.
 */
export function previewTextCount(text: string): string {
  return `${text.length}/${PREVIEW_TEXT_MAX} characters`;
}

/** The spec's hint, the preview text's error past the limit: 'The Preview text may not be ... (n/ 150)'. */
export function previewTextHint(text: string): string {
  return `The Preview text may not be greater than ${PREVIEW_TEXT_MAX} characters. (${text.length}/ ${PREVIEW_TEXT_MAX})`;
}

export function previewTextProblem(text: string): string | null {
  if (text.trim() === '') return SCHEDULE_MESSAGES.previewText;
  if (text.length > PREVIEW_TEXT_MAX) return previewTextHint(text);
  return null;
}

// --- Social card -----------------------------------------------------------------------------

export interface SocialCardFields {
  openGraphHeadline: string;
  openGraphDescription: string;
}

export type SocialCardProblems = Partial<Record<keyof SocialCardFields, string>>;

/**
 * Headline: required, the spec's 180-character message (newlines not counted), then the
 * field's own 80. Description: required and 180. Newlines never count towards a limit.
 */
export function socialCardProblems({ openGraphHeadline, openGraphDescription }: SocialCardFields): SocialCardProblems {
  const problems: SocialCardProblems = {};
  const headlineLength = socialCardLength(openGraphHeadline);
  if (openGraphHeadline.trim() === '') problems.openGraphHeadline = SCHEDULE_MESSAGES.headline;
  else if (headlineLength > SOCIAL_CARD_TEXT_MAX) problems.openGraphHeadline = SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE;
  else if (headlineLength > SOCIAL_CARD_HEADLINE_FIELD_MAX) problems.openGraphHeadline = SCHEDULE_MESSAGES.headlineFieldMax;
  if (openGraphDescription.trim() === '') problems.openGraphDescription = SCHEDULE_MESSAGES.description;
  else if (socialCardLength(openGraphDescription) > SOCIAL_CARD_TEXT_MAX) {
    problems.openGraphDescription = SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE;
  }
  return problems;
}

// --- UTM rows --------------------------------------------------------------------------------

/** After a UTM field was left once, typing in it is checked this long after the last key (spec 1 §9). */
export const UTM_VALIDATION_DEBOUNCE_MS = 300;
/** What a UTM value shows when the platform could not be asked about it (spec 1 §8). */
export const MERGE_TAG_CHECK_FAILED_MESSAGE = 'Validation failed';

export interface UtmRowProblems {
  key?: string;
  value?: string;
}

export interface UtmValidation {
  /** One entry per row, in order; `{}` for a row without problems. */
  rows: UtmRowProblems[];
  valid: boolean;
  /** The rows trimmed: what is saved, and only when `valid`. */
  entries: UtmEntry[];
}

/**
 * Keys: required, no whitespace, unique (the later of two equal keys is marked). Values:
 * required; plain text, merge tags or both, each tag in the merge-tag form (utm-value.ts);
 * whether the platform knows each tag's name is asked separately (letters.validateMergeTag).
 * Both are trimmed first.
 */
export function validateUtmRows(rows: readonly UtmEntry[]): UtmValidation {
  const entries = rows.map((row) => ({ key: row.key.trim(), value: row.value.trim() }));
  const seen = new Set<string>();
  const problems = entries.map(({ key, value }) => {
    const row: UtmRowProblems = {};
    if (key === '') row.key = SCHEDULE_MESSAGES.utmKeyRequired;
    else if (/\s/.test(key)) row.key = SCHEDULE_MESSAGES.utmKeyWhitespace;
    else if (seen.has(key)) row.key = SCHEDULE_MESSAGES.utmKeyDuplicate;
    if (key !== '') seen.add(key);
    const valueProblem = utmValueProblem(value);
    if (valueProblem !== undefined) row.value = valueProblem;
    return row;
  });
  const valid = problems.every((row) => row.key === undefined && row.value === undefined);
  return { rows: problems, valid, entries };
}

/** The control starts with one empty row (spec 1 §5). */
export function initialUtmRows(saved: readonly UtmEntry[]): UtmEntry[] {
  return saved.length > 0 ? saved.map((row) => ({ ...row })) : [{ key: '', value: '' }];
}

// --- HTML blocks ----------------------------------------------------------------------------

/** An html block (at any depth) whose HTML the platform found invalid and that is not relaxed. */
export function hasInvalidHtmlBlock(sections: readonly Section[]): boolean {
  return sections.some(
    (section) =>
      // An empty block is not invalid: it has nothing to check and adds nothing to the email.
      (section.type === 'html' && section.blockModel.html.trim() !== '' && !section.blockModel.isValid && !section.blockModel.isRelaxed) ||
      hasInvalidHtmlBlock(section.blocks),
  );
}

// --- The primary action ----------------------------------------------------------------------

/** The fields spec 1 §5 requires before scheduling, by name. */
export interface SchedulingFields {
  segmentId: number | null;
  openGraphHeadline: string;
  publicationDate: string | null;
  title: string;
  subtitle: string;
}

/** Which of the spec's five required fields are still empty (the core refuses 'Schedule' with them). */
export function missingSchedulingFields(fields: SchedulingFields): (keyof SchedulingFields)[] {
  const missing: (keyof SchedulingFields)[] = [];
  if (fields.segmentId === null) missing.push('segmentId');
  if (fields.openGraphHeadline.trim() === '') missing.push('openGraphHeadline');
  if (fields.publicationDate === null) missing.push('publicationDate');
  if (fields.title.trim() === '') missing.push('title');
  if (fields.subtitle.trim() === '') missing.push('subtitle');
  return missing;
}

export interface SchedulingGateInput extends SchedulingFields {
  /** At the schedule step the required fields apply; elsewhere only the busy rules do. */
  atScheduleStep: boolean;
  /** A lifecycle call, a preview or a check is running. */
  requestsActive: boolean;
  saving: boolean;
  /** An html block is invalid and not relaxed. */
  htmlBlockInvalid: boolean;
  /**
   * Another required field is empty: the social card description, or subject B of an A/B
   * test. The spec's list names five fields; these are required by its field rules too.
   */
  otherRequiredMissing: boolean;
  /** Any field has an error (subjects, preview text, social card, date). */
  fieldErrors: boolean;
}

export interface SchedulingGate {
  blocked: boolean;
  /** What the editor reads next to the disabled button; null when busy is the only reason. */
  hint: string | null;
}

/** Spec 1 §5 "Primary action is blocked", in that order of what to tell the editor. */
export function schedulingGate(input: SchedulingGateInput): SchedulingGate {
  if (input.atScheduleStep) {
    const missing = missingSchedulingFields(input).length > 0 || input.otherRequiredMissing;
    if (missing) return { blocked: true, hint: SCHEDULING_REQUIREMENTS_MESSAGE };
  }
  if (input.htmlBlockInvalid) return { blocked: true, hint: SCHEDULE_MESSAGES.htmlBlockInvalid };
  if (input.atScheduleStep && input.fieldErrors) return { blocked: true, hint: SCHEDULE_MESSAGES.fixFields };
  if (input.requestsActive || input.saving) return { blocked: true, hint: null };
  return { blocked: false, hint: null };
}
