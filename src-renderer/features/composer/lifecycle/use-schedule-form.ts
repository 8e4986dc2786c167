import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LetterChanges } from '../../../../shared/contract/bridge';
import type { Letter } from '../../../../shared/model/letter';
import { previewTextProblem, SCHEDULE_MESSAGES, socialCardProblems, subjectProblems } from '../../../../shared/rules/schedule';
import { DATE_MESSAGES, parseDateField, toDateField } from '../../../../shared/rules/schedule-dates';

// The schedule step's fields while the letter is open. The fields own their values (a
// refetch must not undo typing); every edit is saved locally at once through `save`. The
// subject is the letter's title, which the page's title field owns: it comes in as `title`.

export type ScheduleField = 'title' | 'subjectB' | 'subtitle' | 'segmentId' | 'publicationDate' | 'openGraphHeadline' | 'openGraphDescription';

/** The fields in the order the step shows them: a list of what blocks reads top to bottom. */
export const SCHEDULE_FIELDS: readonly ScheduleField[] = ['segmentId', 'publicationDate', 'title', 'subjectB', 'subtitle', 'openGraphHeadline', 'openGraphDescription'];

export interface ScheduleValues {
  subjectB: string;
  hasAbTest: boolean;
  subtitle: string;
  segmentId: number | null;
  segmentName: string | null;
  /** What the date field shows ('YYYY-MM-DD HH:mm'), valid or not. */
  dateText: string;
  /** The last valid date typed, as stored ('YYYY-MM-DD HH:mm:ss'), or null. */
  publicationDate: string | null;
  openGraphHeadline: string;
  openGraphDescription: string;
  openGraphImageUrl: string;
}

type PlainField = Exclude<keyof ScheduleValues, 'dateText' | 'publicationDate' | 'segmentId' | 'segmentName'>;

const EMPTY: ScheduleValues = {
  subjectB: '',
  hasAbTest: false,
  subtitle: '',
  segmentId: null,
  segmentName: null,
  dateText: '',
  publicationDate: null,
  openGraphHeadline: '',
  openGraphDescription: '',
  openGraphImageUrl: '',
};

function valuesOf(letter: Letter | null | undefined): ScheduleValues {
  if (!letter) return EMPTY;
  return {
    subjectB: letter.subjectB,
    hasAbTest: letter.hasAbTest,
    subtitle: letter.subtitle,
    segmentId: letter.segmentId,
    segmentName: letter.segmentName,
    dateText: toDateField(letter.publicationDate),
    publicationDate: letter.publicationDate,
    openGraphHeadline: letter.openGraphHeadline,
    openGraphDescription: letter.openGraphDescription,
    openGraphImageUrl: letter.openGraphImageUrl,
  };
}

// Spec 1 §4: edits of these during the schedule step leave the letter unsaved on the platform.
const MARKS_UNSAVED: readonly string[] = ['title', 'subtitle', 'subjectB', 'openGraphHeadline', 'openGraphDescription', 'openGraphImageUrl'];

const FIELD_OF: Partial<Record<string, ScheduleField>> = {
  title: 'title',
  subjectB: 'subjectB',
  subtitle: 'subtitle',
  segmentId: 'segmentId',
  dateText: 'publicationDate',
  openGraphHeadline: 'openGraphHeadline',
  openGraphDescription: 'openGraphDescription',
};

export interface ScheduleFormOptions {
  /** Absent while the letter loads: the form is empty until it arrives. */
  letter: Letter | null | undefined;
  title: string;
  /** The channel's timezone: the date's minimum and the stored tz code. */
  zone: string;
  save: (changes: LetterChanges) => void;
  now?: () => Date;
}

export function useScheduleForm({ letter, title, zone, save, now = () => new Date() }: ScheduleFormOptions) {
  const [values, setValues] = useState<ScheduleValues>(() => valuesOf(letter));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [touched, setTouched] = useState<Partial<Record<ScheduleField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ScheduleField, string>>>({});
  const [unsaved, setUnsaved] = useState(false);
  const nowRef = useRef(now);
  nowRef.current = now;

  // A different letter, or the same one in a new state, starts the form afresh.
  useEffect(() => {
    const fresh = valuesOf(letter);
    valuesRef.current = fresh;
    setValues(fresh);
    setTouched({});
    setAttempted(false);
    setServerErrors({});
    setUnsaved(false);
  }, [letter?.uniqueId, letter?.publicationStatus]); // eslint-disable-line react-hooks/exhaustive-deps

  const edited = useCallback((name: string) => {
    if (MARKS_UNSAVED.includes(name)) setUnsaved(true);
    const field = FIELD_OF[name];
    if (!field) return;
    setServerErrors((errors) => {
      if (!(field in errors)) return errors;
      const next = { ...errors };
      delete next[field];
      return next;
    });
  }, []);

  const apply = useCallback((next: Partial<ScheduleValues>) => {
    valuesRef.current = { ...valuesRef.current, ...next };
    setValues(valuesRef.current);
  }, []);

  const set = useCallback(
    <K extends PlainField>(field: K, value: ScheduleValues[K]) => {
      apply({ [field]: value });
      save({ [field]: value } as LetterChanges);
      edited(field);
    },
    [apply, save, edited],
  );

  const setAudience = useCallback(
    (segmentId: number | null, segmentName: string | null) => {
      apply({ segmentId, segmentName });
      save({ segmentId, segmentName });
      edited('segmentId');
    },
    [apply, save, edited],
  );

  /** Any text is kept in the field; only a valid date (or none) is saved. */
  const setDateText = useCallback(
    (dateText: string) => {
      const parsed = parseDateField(dateText, zone, nowRef.current());
      if (parsed.ok && parsed.publicationDate !== valuesRef.current.publicationDate) {
        apply({ dateText, publicationDate: parsed.publicationDate });
        save({ publicationDate: parsed.publicationDate, publicationDateTzCode: zone });
      } else apply({ dateText });
      edited('dateText');
    },
    [zone, apply, save, edited],
  );

  const dateParse = useMemo(() => parseDateField(values.dateText, zone, nowRef.current()), [values.dateText, zone]);

  /** Every rule's message per field, and which of them only say "this is empty". */
  const { errors, empty } = useMemo(() => {
    const found: Partial<Record<ScheduleField, string>> = {};
    const blank = new Set<ScheduleField>();
    for (const problem of subjectProblems({ title, subjectB: values.subjectB, hasAbTest: values.hasAbTest })) {
      found[problem.field] ??= problem.message;
      if (problem.key !== 'duplicate subjects') blank.add(problem.field);
    }
    const preview = previewTextProblem(values.subtitle);
    if (preview) found.subtitle = preview;
    if (values.subtitle.trim() === '') blank.add('subtitle');
    const card = socialCardProblems(values);
    Object.assign(found, card);
    if (values.openGraphHeadline.trim() === '') blank.add('openGraphHeadline');
    if (values.openGraphDescription.trim() === '') blank.add('openGraphDescription');
    if (values.segmentId === null) {
      found.segmentId = SCHEDULE_MESSAGES.audience;
      blank.add('segmentId');
    }
    if (!dateParse.ok) found.publicationDate = dateParse.message;
    else if (values.dateText.trim() === '') {
      found.publicationDate = DATE_MESSAGES.required;
      blank.add('publicationDate');
    }
    return { errors: { ...found, ...serverErrors }, empty: blank };
  }, [title, values, dateParse, serverErrors]);

  /**
   * A wrong value is pointed out at once; an empty required field once it was left, after a
   * Schedule attempt, or when the platform said so.
   */
  const visibleError = (field: ScheduleField): string | undefined => {
    const message = errors[field];
    if (message === undefined) return undefined;
    if (!empty.has(field) || serverErrors[field] !== undefined) return message;
    return touched[field] || attempted ? message : undefined;
  };

  const touch = useCallback((field: ScheduleField) => setTouched((current) => (current[field] ? current : { ...current, [field]: true })), []);

  return {
    values,
    set,
    setAudience,
    setDateText,
    errors,
    visibleError,
    touch,
    /**
     * Every field that keeps the Schedule button disabled, with its message: the same
     * `errors` the gate reads (an empty required field has its message there too).
     */
    blockers: SCHEDULE_FIELDS.flatMap((field) => {
      const message = errors[field];
      return message === undefined ? [] : [{ field, message }];
    }),
    /** A rule fails somewhere (the gate's "field errors"). */
    hasErrors: Object.keys(errors).length > 0,
    /** Required by the field rules beyond the gate's own five: the description, subject B. */
    otherRequiredMissing: empty.has('openGraphDescription') || empty.has('subjectB'),
    /** The platform refused with field messages: show them until the field is edited. */
    showServerErrors: (fields: Record<string, string>) => {
      const known: Partial<Record<ScheduleField, string>> = {};
      for (const [key, message] of Object.entries(fields)) {
        const field = FIELD_OF[key];
        if (field) known[field] = message;
      }
      setServerErrors(known);
      setAttempted(true);
    },
    titleEdited: () => edited('title'),
    unsaved,
  };
}

export type ScheduleForm = ReturnType<typeof useScheduleForm>;
