// @vitest-environment happy-dom
import { MantineProvider, Notification } from '@mantine/core';
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
});
