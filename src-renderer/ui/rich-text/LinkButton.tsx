import { Button, Group, Popover, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { isAllowedLink } from './paste-html';
import { ToolbarButton } from './ToolbarButton';

export const LINK_ERROR = 'Enter a link starting with http://, https:// or mailto:';

interface Props {
  /** The link under the caret, if any: the popover starts from it. */
  current: string | null;
  disabled?: boolean;
  onApply: (url: string | null) => void;
}

/** 'Link': asks for the address in a small popover; only web and email links are taken. */
export function LinkButton({ current, disabled, onApply }: Props) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setValue(current ?? 'https://');
    setError(null);
    setOpened(true);
  };
  const apply = () => {
    const url = value.trim();
    if (!isAllowedLink(url)) {
      setError(LINK_ERROR);
      return;
    }
    onApply(url);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withinPortal shadow="md">
      <Popover.Target>
        <ToolbarButton label="Link" active={current !== null} disabled={disabled} onClick={() => (opened ? setOpened(false) : open())}>
          <IconLink size={16} />
        </ToolbarButton>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextInput
            label="Link address"
            size="xs"
            value={value}
            error={error}
            onChange={(event) => setValue(event.currentTarget.value)}
            data-autofocus
          />
          <Group gap="xs" mt="xs">
            <Button type="submit" size="compact-xs">
              Apply
            </Button>
            {current !== null && (
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => {
                  onApply(null);
                  setOpened(false);
                }}
              >
                Remove link
              </Button>
            )}
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
