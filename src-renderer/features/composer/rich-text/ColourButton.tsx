import { Button, ColorSwatch, Group, Popover, SimpleGrid, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ToolbarButton } from './ToolbarButton';

// A small fixed palette; the letter's accent colour is the caller's to add (spec 2 §9:
// "accent colour plus 15 fixed colours" is the block settings palette).
export const TEXT_COLOURS = [
  '#000000', '#202a33', '#4a4a4a', '#9b9b9b', '#ffffff',
  '#d0021b', '#f5a623', '#f8e71c', '#7ed321', '#417505',
  '#4a90e2', '#0000ee', '#1d2d4d', '#9013fe', '#bd10e0',
] as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface Props {
  disabled?: boolean;
  extraColours?: readonly string[];
  /** A colour, or null to take the colour off. */
  onApply: (colour: string | null) => void;
}

/** 'Text colour': a palette of swatches and a hex field. */
export function ColourButton({ disabled, extraColours = [], onApply }: Props) {
  const [opened, setOpened] = useState(false);
  const [hex, setHex] = useState('');
  const choose = (colour: string | null) => {
    onApply(colour);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal shadow="md">
      <Popover.Target>
        <ToolbarButton label="Text colour" disabled={disabled} onClick={() => setOpened((o) => !o)}>
          <span style={{ borderBottom: '3px solid currentColor', lineHeight: 1 }}>A</span>
        </ToolbarButton>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={5} spacing={4}>
          {[...extraColours, ...TEXT_COLOURS].map((colour) => (
            <UnstyledButton
              key={colour}
              aria-label={`Colour ${colour}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(colour)}
            >
              <ColorSwatch color={colour} size={20} />
            </UnstyledButton>
          ))}
        </SimpleGrid>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (HEX.test(hex.trim())) choose(hex.trim());
          }}
        >
          <Group gap="xs" mt="xs" wrap="nowrap">
            <TextInput
              aria-label="Hex colour"
              placeholder="#336699"
              size="xs"
              w={90}
              value={hex}
              error={hex.trim() !== '' && !HEX.test(hex.trim())}
              onChange={(event) => setHex(event.currentTarget.value)}
            />
            <Button type="submit" size="compact-xs">
              Apply
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => choose(null)}>
              Default
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
