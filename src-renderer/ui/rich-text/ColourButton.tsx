import { Button, ColorSwatch, Group, Popover, SimpleGrid, TextInput, UnstyledButton } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { colourPalette } from '../../../shared/rules/colour-palette';
import { usePaletteAccent } from './palette-accent';
import { ToolbarButton } from './ToolbarButton';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface Props {
  disabled?: boolean;
  /** A colour, or null to take the colour off. */
  onApply: (colour: string | null) => void;
}

/** 'Text colour': the composer's palette (the channel's accent colour plus 15) and a hex field. */
export function ColourButton({ disabled, onApply }: Props) {
  const accent = usePaletteAccent();
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
          <IconPalette size={16} />
        </ToolbarButton>
      </Popover.Target>
      <Popover.Dropdown>
        <SimpleGrid cols={8} spacing={4}>
          {colourPalette(accent).map((colour) => (
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
