// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenFrame } from './ScreenFrame';

afterEach(cleanup);

describe('the screen frame', () => {
  it('is a region named by its one top-level heading, with the subtitle, actions and content', () => {
    render(
      <MantineProvider env="test">
        <ScreenFrame title="Subscribers" subtitle="The Weekly" actions={<button type="button">Import CSV</button>}>
          <p>The list</p>
        </ScreenFrame>
      </MantineProvider>,
    );
    const region = screen.getByRole('region', { name: 'Subscribers' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Subscribers']);
    expect(region.textContent).toContain('The Weekly');
    expect(region.querySelector('button')?.textContent).toBe('Import CSV');
    expect(region.textContent).toContain('The list');
    expect(document.querySelector('main')).toBeNull();
  });

  it('leaves out the actions row when there are none', () => {
    render(
      <MantineProvider env="test">
        <ScreenFrame title="Curation">
          <p>Filters</p>
        </ScreenFrame>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Curation' }).querySelectorAll('button')).toHaveLength(0);
  });
});
