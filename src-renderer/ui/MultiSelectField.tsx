import { Anchor, Group, MultiSelect, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/**
 * Spec 3 §2 multi-select dropdown: searchable, with 'Select all' and 'Clear all'. The
 * filter multi-select's optional add-new option is `onAddNew`: typing a value that is not
 * listed offers "Add '{value}'". `groups` lists the options under headings instead of `data`.
 */
export function MultiSelectField(props: {
  label: string;
  data: ComboboxItem[];
  groups?: ComboboxItemGroup<ComboboxItem>[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  onAddNew?: (value: string) => void;
  error?: string | null;
  required?: boolean;
  w?: number | string;
}) {
  const { label, data, groups, value, onChange, placeholder, onAddNew, error, required, w } = props;
  const everything = (groups ? groups.flatMap((group) => group.items) : data).map((item) => item.value);
  const all = everything.length > 0 && everything.every((item) => value.includes(item));
  return (
    <div style={{ width: w }}>
      <MultiSelect
        label={label}
        data={groups ?? data}
        value={value}
        onChange={onChange}
        placeholder={value.length === 0 ? placeholder : undefined}
        searchable
        required={required}
        error={error}
        nothingFoundMessage={onAddNew ? undefined : 'Nothing found'}
        {...(onAddNew ? addNewProps(data, onAddNew) : {})}
      />
      <Group gap="sm" mt={4}>
        <Anchor component="button" type="button" size="xs" disabled={all} onClick={() => onChange(everything)} c={all ? 'dimmed' : undefined}>
          Select all
        </Anchor>
        <Anchor component="button" type="button" size="xs" disabled={value.length === 0} onClick={() => onChange([])} c={value.length === 0 ? 'dimmed' : undefined}>
          Clear all
        </Anchor>
      </Group>
    </div>
  );
}

function addNewProps(data: ComboboxItem[], onAddNew: (value: string) => void) {
  return {
    nothingFoundMessage: 'Press Enter to add it',
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      const typed = event.currentTarget.value.trim();
      if (event.key === 'Enter' && typed && !data.some((item) => item.label.toLowerCase() === typed.toLowerCase())) {
        event.preventDefault();
        onAddNew(typed);
      }
    },
  };
}
