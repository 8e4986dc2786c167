import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { UtmEntry } from '../../../../shared/model/utm';
import {
  initialUtmRows,
  MERGE_TAG_CHECK_FAILED_MESSAGE,
  UTM_VALIDATION_DEBOUNCE_MS,
  validateUtmRows,
  type UtmRowProblems,
  type UtmValidation,
} from '../../../../shared/rules/schedule';
import { utmValueTags } from '../../../../shared/rules/utm-value';
import type { RootState } from '../../../app/store';
import { stylesChanged } from '../../../block-kit/composer-slice';
import { useValidateMergeTagMutation } from './lifecycle-api';

interface Row extends UtmEntry {
  id: number;
}

type Cell = `${number}:${'key' | 'value'}`;
type ServerVerdict = { valid: boolean; message: string; failed?: boolean } | 'pending';

let nextRowId = 1;
const withIds = (entries: UtmEntry[]): Row[] => entries.map((entry) => ({ ...entry, id: nextRowId++ }));

/**
 * The UTM tracking control (spec 1 §5): rows of key and value. A field is checked when it
 * is left, and while typing once it has been left (300 ms after the last key). A value is
 * plain text, merge tags or both; each tag in it must also be confirmed by the platform. The rows reach the letter's settings only when every
 * one of them is valid, trimmed; until then the letter keeps its last valid rows.
 */
export function UtmControl({ letterUniqueId, disabled, onBusyChange }: { letterUniqueId: string; disabled?: boolean; onBusyChange?: (busy: boolean) => void }) {
  const dispatch = useDispatch();
  const settings = useSelector((state: RootState) => state.composer.settings);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [rows, setRows] = useState<Row[]>(() => withIds(initialUtmRows(settings.utm)));
  const [touched, setTouched] = useState<ReadonlySet<Cell>>(new Set());
  // The errors on screen: refreshed on blur and, after a touch, 300 ms after typing stops.
  const [shown, setShown] = useState<UtmRowProblems[]>([]);
  const [verdicts, setVerdicts] = useState<Record<string, ServerVerdict>>({});
  const [checked, setChecked] = useState<UtmValidation | null>(null);
  const [validateMergeTag] = useValidateMergeTagMutation();
  const debounce = useRef<ReturnType<typeof setTimeout> | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const pending = Object.values(verdicts).some((verdict) => verdict === 'pending');
  useEffect(() => onBusyChange?.(pending), [pending, onBusyChange]);
  useEffect(() => () => void (debounce.current && clearTimeout(debounce.current)), []);

  const emit = useCallback(
    (next: Partial<{ utm: UtmEntry[]; utmEnabled: boolean }>) => {
      const current = settingsRef.current;
      const merged = { ...current, ...next };
      if (merged.utmEnabled === current.utmEnabled && JSON.stringify(merged.utm) === JSON.stringify(current.utm)) return;
      dispatch(stylesChanged({ settings: merged, field: 'utm' }));
    },
    [dispatch],
  );

  const verdictsRef = useRef(verdicts);
  const setVerdict = useCallback((value: string, verdict: ServerVerdict) => {
    verdictsRef.current = { ...verdictsRef.current, [value]: verdict };
    setVerdicts(verdictsRef.current);
  }, []);
  const askPlatform = useCallback(
    (value: string) => {
      const known = verdictsRef.current[value];
      // A value is asked about once; a failed call (no answer) is asked again next time.
      if (known === 'pending' || (known !== undefined && !known.failed)) return;
      setVerdict(value, 'pending');
      void validateMergeTag({ uniqueId: letterUniqueId, mergeTag: value }).then((result) =>
        setVerdict(value, 'data' in result && result.data ? result.data : { valid: false, message: MERGE_TAG_CHECK_FAILED_MESSAGE, failed: true }),
      );
    },
    [letterUniqueId, validateMergeTag, setVerdict],
  );

  /** Checks the rows now: local rules at once, then the platform for well-formed values. */
  const check = useCallback(() => {
    const result = validateUtmRows(rowsRef.current);
    setChecked(result);
    setShown(result.rows);
    result.entries.forEach((entry, index) => {
      // The platform's call reads one tag: each tag of a well-formed value is asked about.
      if (result.rows[index]?.value === undefined) for (const tag of utmValueTags(entry.value)) askPlatform(tag);
    });
  }, [askPlatform]);

  // With the checked rows and the platform's verdicts in, emit when everything is valid.
  // The rows as last checked, not as typed: a plain value is valid at every keystroke
  // ('n', 'ne', … 'news-'), and only what the editor left (or paused on) is saved.
  const local = useMemo(() => validateUtmRows(rows), [rows]);
  useEffect(() => {
    if (!checked?.valid) return;
    const confirmed = (tag: string) => typeof verdicts[tag] === 'object' && (verdicts[tag] as { valid: boolean }).valid;
    // A plain value has no tag to confirm.
    if (checked.entries.every((entry) => utmValueTags(entry.value).every(confirmed))) {
      emit({ utm: checked.entries });
    }
  }, [checked, verdicts, emit]);

  const edit = (id: number, part: 'key' | 'value', text: string) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [part]: text } : row)));
    if (touched.has(`${id}:${part}`)) {
      if (debounce.current) clearTimeout(debounce.current);
      debounce.current = setTimeout(check, UTM_VALIDATION_DEBOUNCE_MS);
    }
  };
  const leave = (id: number, part: 'key' | 'value') => {
    setTouched((current) => new Set(current).add(`${id}:${part}`));
    if (debounce.current) clearTimeout(debounce.current);
    check();
  };
  const remove = (id: number) => {
    const next = rows.filter((row) => row.id !== id);
    rowsRef.current = next;
    setRows(next);
    // An empty list is valid and saved as such; the control keeps one row to type in.
    if (next.length === 0) {
      emit({ utm: [] });
      const fresh = withIds(initialUtmRows([]));
      rowsRef.current = fresh;
      setRows(fresh);
    }
    check();
  };

  const serverMessage = (raw: string): string | undefined => {
    const value = raw.trim();
    for (const tag of utmValueTags(value)) {
      const verdict = verdicts[tag];
      if (typeof verdict === 'object' && !verdict.valid) return tag === value ? verdict.message : `${tag}: ${verdict.message}`;
    }
    return undefined;
  };

  return (
    <Stack gap="xs">
      <Switch
        label="UTM tracking"
        checked={settings.utmEnabled}
        disabled={disabled}
        onChange={(event) => emit({ utmEnabled: event.currentTarget.checked })}
      />
      {settings.utmEnabled && (
        <Stack gap="xs" role="group" aria-label="UTM parameters">
          {rows.map((row, index) => {
            const problems = shown[index] ?? {};
            const keyError = touched.has(`${row.id}:key`) ? problems.key : undefined;
            const valueError = touched.has(`${row.id}:value`) ? (problems.value ?? serverMessage(row.value)) : undefined;
            return (
              <Group key={row.id} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  label={index === 0 ? 'Key' : undefined}
                  aria-label={`UTM key ${index + 1}`}
                  placeholder="utm_source"
                  value={row.key}
                  error={keyError}
                  disabled={disabled}
                  style={{ flex: 1 }}
                  onChange={(event) => edit(row.id, 'key', event.currentTarget.value)}
                  onBlur={() => leave(row.id, 'key')}
                />
                <TextInput
                  label={index === 0 ? 'Value' : undefined}
                  aria-label={`UTM value ${index + 1}`}
                  placeholder="newsletter or {{ first_name }}"
                  value={row.value}
                  error={valueError}
                  disabled={disabled}
                  style={{ flex: 1.4 }}
                  onChange={(event) => edit(row.id, 'value', event.currentTarget.value)}
                  onBlur={() => leave(row.id, 'value')}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove UTM parameter ${index + 1}`}
                  disabled={disabled}
                  mt={index === 0 ? 26 : 4}
                  onClick={() => remove(row.id)}
                >
                  ×
                </ActionIcon>
              </Group>
            );
          })}
          <Group justify="space-between">
            <Button size="xs" variant="light" disabled={disabled} onClick={() => setRows((current) => [...current, ...withIds([{ key: '', value: '' }])])}>
              Add UTM parameter
            </Button>
            {!local.valid && (
              <Text size="xs" c="dimmed">
                Saved once every row is valid.
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
