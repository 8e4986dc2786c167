// @vitest-environment happy-dom
import { Badge, Button, DEFAULT_THEME, Loader, MantineProvider, Notification, luminance, mergeMantineTheme } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

afterEach(cleanup);

function message(title?: string): HTMLElement {
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notification title={title}>Delivered to 20 of 20 subscribers.</Notification>
    </MantineProvider>,
  );
  return screen.getByText('Delivered to 20 of 20 subscribers.');
}

describe('the theme', () => {
  // Mantine's own grey for a titled notification's message is 3.3:1 on white (axe: color-contrast).
  it("draws a titled notification's message in the dimmed colour, which reads at AA", () => {
    expect(message('“Harbour roundup” has been sent').style.color).toBe('var(--mantine-color-dimmed)');
  });

  it('leaves an untitled notification in the body colour', () => {
    expect(message().style.color).toBe('');
  });

  it('writes badges in sentence case (Mantine capitalises them)', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Badge>Readability 89/100</Badge>
      </MantineProvider>,
    );
    expect(screen.getByText('Readability 89/100').closest('.mantine-Badge-root')?.getAttribute('style') ?? '').toContain('text-transform: none');
  });
});

describe('filled colours', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light;
  const onWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

  // White on Mantine's green 7 is 2.74:1 (axe: color-contrast, the Approved campaign badge).
  it('carry white text at AA (4.5:1) in every colour, hovered too', () => {
    for (const name of Object.keys(merged.colors)) {
      expect(onWhite(light[`--mantine-color-${name}-filled`]!), name).toBeGreaterThanOrEqual(4.5);
      expect(onWhite(light[`--mantine-color-${name}-filled-hover`]!), `${name} hovered`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keep a colour that already reads as it is', () => {
    expect(light['--mantine-color-indigo-filled']).toBe(merged.colors.indigo[7]);
  });
});

describe('spinners', () => {
  // A span may not carry aria-label (axe aria-prohibited-attr): a named spinner is a status.
  it('are a status when named, and plain inside a loading button', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <Loader aria-label="Checking content" />
        <Button loading>Save</Button>
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Checking content' }).tagName).toBe('SPAN');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
