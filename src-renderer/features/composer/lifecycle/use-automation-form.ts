import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LetterChanges } from '../../../../shared/contract/bridge';
import { AutomationSettingsSchema, type AutomationDelayUnit, type AutomationSettings, type Recurrence } from '../../../../shared/model/automation';
import type { Letter } from '../../../../shared/model/letter';

// The Trigger of a template's configure step (issue 32), while the template is open. The
// fields own what is typed; a valid trigger is saved on this computer at once (it survives a
// reload) and goes to the platform with 'Activate template'. Every message is the shared
// schema's, so the app and the platform refuse the same values with the same words.

export type TriggerKind = AutomationSettings['trigger'];
export type Frequency = Recurrence['frequency'];
export type TriggerField = 'delayAmount' | 'time' | 'weekdays' | 'dayOfMonth';

export interface TriggerValues {
  trigger: TriggerKind;
  /** As typed: '' or '1.5' is shown, not saved. */
  delayAmount: string;
  delayUnit: AutomationDelayUnit;
  frequency: Frequency;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  dayOfMonth: string;
  /** 'HH:mm' on the channel's clock. */
  time: string;
}

/** A template never configured starts as a welcome sent at once: the commonest automation. */
const FRESH: TriggerValues = { trigger: 'newSubscriber', delayAmount: '0', delayUnit: 'minutes', frequency: 'weekly', weekdays: [1], dayOfMonth: '1', time: '08:00' };

export function triggerValuesOf(settings: AutomationSettings | undefined): TriggerValues {
  if (!settings) return FRESH;
  if (settings.trigger === 'newSubscriber') return { ...FRESH, delayAmount: String(settings.delay.amount), delayUnit: settings.delay.unit };
  const { schedule } = settings;
  return {
    ...FRESH,
    trigger: 'recurring',
    frequency: schedule.frequency,
    time: schedule.time,
    ...(schedule.frequency === 'weekly' ? { weekdays: schedule.weekdays } : {}),
    ...(schedule.frequency === 'monthly' ? { dayOfMonth: String(schedule.dayOfMonth) } : {}),
  };
}

/** Empty text is no number at all, so the schema says what it wants instead of reading 0. */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

function candidate(values: TriggerValues): unknown {
  if (values.trigger === 'newSubscriber') return { trigger: 'newSubscriber', delay: { amount: numberOf(values.delayAmount), unit: values.delayUnit } };
  const schedule =
    values.frequency === 'daily'
      ? { frequency: 'daily', time: values.time }
      : values.frequency === 'weekly'
        ? { frequency: 'weekly', time: values.time, weekdays: values.weekdays }
        : { frequency: 'monthly', time: values.time, dayOfMonth: numberOf(values.dayOfMonth) };
  return { trigger: 'recurring', schedule };
}

const FIELD_OF_PATH: Record<string, TriggerField> = {
  'delay.amount': 'delayAmount',
  'schedule.time': 'time',
  'schedule.weekdays': 'weekdays',
  'schedule.dayOfMonth': 'dayOfMonth',
};

/** The trigger the values make, or the schema's first message per field. */
export function checkTrigger(values: TriggerValues): { settings: AutomationSettings | null; errors: Partial<Record<TriggerField, string>> } {
  const parsed = AutomationSettingsSchema.safeParse(candidate(values));
  if (parsed.success) return { settings: parsed.data, errors: {} };
  const errors: Partial<Record<TriggerField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[issue.path.join('.')];
    if (field) errors[field] ??= issue.message;
  }
  return { settings: null, errors };
}

export function useAutomationForm({ letter, save }: { letter: Letter | null | undefined; save: (changes: LetterChanges) => void }) {
  const [values, setValues] = useState<TriggerValues>(() => triggerValuesOf(letter?.automation));
  const valuesRef = useRef(values);

  // A different template, or the same one in a new state, starts from what it holds.
  useEffect(() => {
    const fresh = triggerValuesOf(letter?.automation);
    valuesRef.current = fresh;
    setValues(fresh);
  }, [letter?.uniqueId, letter?.publicationStatus]); // eslint-disable-line react-hooks/exhaustive-deps

  const check = useMemo(() => checkTrigger(values), [values]);

  const set = useCallback(
    (next: Partial<TriggerValues>) => {
      valuesRef.current = { ...valuesRef.current, ...next };
      setValues(valuesRef.current);
      const { settings } = checkTrigger(valuesRef.current);
      if (settings) save({ automation: settings });
    },
    [save],
  );

  return {
    values,
    set,
    /** A wrong value is pointed out at once: every field has a value from the start. */
    errors: check.errors,
    /** The trigger to activate with, or null while a field is wrong. */
    settings: check.settings,
  };
}

export type AutomationForm = ReturnType<typeof useAutomationForm>;
