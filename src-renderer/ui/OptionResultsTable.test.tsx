// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PollOptionResult } from '../../shared/contract/platform-polls';
import { OptionResultsTable } from './OptionResultsTable';

afterEach(cleanup);

const option = (id: number, title: string, responses: number, percent: number, isCorrect = false): PollOptionResult => ({ id, title, responses, percent, isCorrect });

function rows(options: PollOptionResult[], totalResponses: number): string[][] {
  render(
    <MantineProvider env="test">
      <OptionResultsTable options={options} totalResponses={totalResponses} />
    </MantineProvider>,
  );
  const table = screen.getByRole('table', { name: 'Answers per option' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('the answers-per-option table', () => {
  it("lists each option's responses and share to one decimal, marking a quiz's right answer", () => {
    expect(rows([option(1, 'Fish soup', 8, 53.333), option(2, 'Crab salad', 7, 46.667, true)], 15)).toEqual([
      ['Option', 'Responses', 'Share'],
      ['Fish soup', '8', '53.3%'],
      ['Crab salad (correct)', '7', '46.7%'],
    ]);
  });

  it("shows '—' for every share while nobody has answered", () => {
    expect(rows([option(1, 'Fish soup', 0, 0), option(2, 'Crab salad', 0, 0)], 0).slice(1)).toEqual([
      ['Fish soup', '0', '—'],
      ['Crab salad', '0', '—'],
    ]);
  });
});
