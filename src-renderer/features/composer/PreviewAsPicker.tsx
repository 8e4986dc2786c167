import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PREVIEW_AS_SEARCH_DEBOUNCE_MS, type PreviewReaderOption } from '../../../shared/contract/bridge-preview-as';
import type { PreviewAsReaderChoice } from '../../../shared/contract/platform-preview-as';
import type { Letter } from '../../../shared/model/letter';
import { SPECIFIC_EMAILS_SEGMENT_ID } from '../../../shared/model/segment';
import { useListSegmentsQuery } from './lifecycle/lifecycle-api';
import { usePreviewAsReadersQuery } from './preview-as-api';

// The preview's 'Preview as' control (issue 35): a subscriber of the letter's channel found
// by email or name as one types, one previewed as before (listed offline too), or a
// segment's sample reader; 'Default (no reader)' goes back to the plain preview.

export const PREVIEW_AS_LABEL = 'Preview as';
export const DEFAULT_READER_LABEL = 'Default (no reader)';
const DEFAULT_VALUE = 'default';

const subscriberValue = (id: number) => `subscriber:${id}`;
const segmentValue = (id: number) => `segment:${id}`;
type Option = { value: string; label: string };
type OptionGroup = { group: string; items: Option[] };

const readerLabel = (reader: PreviewReaderOption) => (reader.name ? `${reader.name} <${reader.email}>` : reader.email);

function choiceValue(choice: PreviewAsReaderChoice): string {
  return 'subscriberId' in choice ? subscriberValue(choice.subscriberId) : segmentValue(choice.segmentId);
}

function choiceOf(value: string | null): PreviewAsReaderChoice | null {
  const [kind, id] = (value ?? '').split(':');
  if (kind === 'subscriber') return { subscriberId: Number(id) };
  if (kind === 'segment') return { segmentId: Number(id) };
  return null;
}

export function PreviewAsPicker({
  letter,
  value,
  onChange,
  focusSignal = 0,
}: {
  letter: Letter;
  value: PreviewAsReaderChoice | null;
  onChange: (choice: PreviewAsReaderChoice | null) => void;
  /** Each change focuses the control (the 'Preview As…' command). */
  focusSignal?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  // The label of the chosen reader, so the list keeps it after the search moves on.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const typed = chosen && search === chosen.label ? '' : search;
  const [debounced] = useDebouncedValue(typed, PREVIEW_AS_SEARCH_DEBOUNCE_MS);
  // Asked once the list is first opened: most previews are never looked at as a reader.
  const [wanted, setWanted] = useState(false);
  const readers = usePreviewAsReadersQuery({ uniqueId: letter.uniqueId, search: debounced }, { skip: !wanted });
  const segments = useListSegmentsQuery({ brandSlug: letter.brandSlug, channelSlug: letter.channelSlug });

  useEffect(() => {
    if (focusSignal === 0) return;
    input.current?.focus();
    input.current?.select();
  }, [focusSignal]);

  const data = useMemo<OptionGroup[]>(() => {
    const recent = readers.data?.recent ?? [];
    const known = new Set(recent.map((reader) => reader.subscriberId));
    const found = (readers.data?.subscribers ?? []).filter((reader) => !known.has(reader.subscriberId));
    const option = (reader: PreviewReaderOption) => ({ value: subscriberValue(reader.subscriberId), label: readerLabel(reader) });
    const groups: OptionGroup[] = [{ group: 'Preview', items: [{ value: DEFAULT_VALUE, label: DEFAULT_READER_LABEL }] }];
    if (recent.length > 0) groups.push({ group: 'Recent readers', items: recent.map(option) });
    if (found.length > 0) groups.push({ group: 'Subscribers', items: found.map(option) });
    const segmentItems = (segments.data?.items ?? [])
      .filter((segment) => segment.id !== SPECIFIC_EMAILS_SEGMENT_ID)
      .map((segment) => ({ value: segmentValue(segment.id), label: `${segment.name} (sample reader)` }));
    if (segmentItems.length > 0) groups.push({ group: 'Segments', items: segmentItems });
    const listed = groups.some((group) => group.items.some((item) => item.value === chosen?.value));
    if (chosen && value && !listed && chosen.value === choiceValue(value)) groups.push({ group: 'Chosen', items: [chosen] });
    return groups;
  }, [readers.data, segments.data, chosen, value]);

  return (
    <Select
      ref={input}
      label={PREVIEW_AS_LABEL}
      size="xs"
      w={320}
      searchable
      leftSection={<IconUserSearch size={14} />}
      placeholder={`${DEFAULT_READER_LABEL}: search by email or name`}
      nothingFoundMessage={readers.data?.offline ? 'Offline: only readers previewed before are listed' : 'No subscriber matches'}
      data={data}
      // No reader: an empty field (its placeholder says so), ready to type a search into.
      value={value ? choiceValue(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      allowDeselect={false}
      onDropdownOpen={() => setWanted(true)}
      // Typing replaces the chosen reader's name rather than adding to it.
      onFocus={(event) => event.currentTarget.select()}
      onChange={(next, option) => {
        setChosen(next && option && next !== DEFAULT_VALUE ? { value: next, label: option.label } : null);
        onChange(choiceOf(next));
      }}
    />
  );
}
