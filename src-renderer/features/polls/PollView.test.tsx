// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEEDBACK_SCALE_LABELS, newSection, type SectionOf } from '../../../shared/model';
import { renderWith } from '../../testing/composer-test-support';
import { PollView } from './PollView';

// The poll section's canvas states (spec 2 §4): a placeholder until a poll is chosen, stars
// for a five-option feedback scale, labelled buttons for another scale, buttons otherwise.

function poll(fields: Partial<SectionOf<'poll'>['blockModel']>): SectionOf<'poll'> {
  const section = newSection('poll', 'p') as SectionOf<'poll'>;
  return { ...section, blockModel: { ...section.blockModel, ...fields } };
}
const options = (titles: string[]) => titles.map((title, index) => ({ id: index + 1, title }));

afterEach(cleanup);

describe('PollView', () => {
  it('shows the placeholder with no poll type', () => {
    renderWith(<PollView section={poll({})} />);
    expect(screen.getByText('Please select a poll.')).toBeTruthy();
  });

  it('draws five stars for a five-option feedback scale, without the scale labels', () => {
    renderWith(<PollView section={poll({ id: 3, pollType: 3, questionText: 'Rate us', options: options(['1', '2', '3', '4', '5']) })} />);
    expect(screen.getByLabelText('Rating, 5 stars').textContent).toBe('★★★★★');
    expect(screen.queryByText(FEEDBACK_SCALE_LABELS.low)).toBeNull();
  });

  it("labels another scale's ends 'not likely at all' and 'extremely likely'", () => {
    renderWith(<PollView section={poll({ id: 4, pollType: 3, questionText: 'Recommend us?', options: options(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']) })} />);
    expect(screen.getByText('not likely at all')).toBeTruthy();
    expect(screen.getByText('extremely likely')).toBeTruthy();
    expect(screen.getByText('10')).toBeTruthy();
  });

  it('draws one button per option for a vote', () => {
    renderWith(<PollView section={poll({ id: 1, pollType: 1, questionText: 'Lunch?', options: options(['Soup', 'Salad']) })} />);
    expect(screen.getByText('Lunch?')).toBeTruthy();
    expect(screen.getByText('Soup')).toBeTruthy();
    expect(screen.getByText('Salad')).toBeTruthy();
  });
});
