// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicationStatus } from '../../../../shared/model/publication';
import { testLetter } from '../test-support';
import { ScheduledView } from './ScheduledView';

afterEach(cleanup);

const renderView = (overrides: Parameters<typeof testLetter>[0]) =>
  render(
    <MantineProvider env="test">
      <ScheduledView letter={testLetter(overrides)} zone="UTC" />
    </MantineProvider>,
  );

const readOnlyValue = (name: string) => {
  const input = screen.getByRole('textbox', { name }) as HTMLInputElement;
  expect(input.readOnly).toBe(true);
  return input.value;
};

describe('the scheduled view', () => {
  it("shows 'Great job', DETAILS and the send date in the letter's zone, read-only", () => {
    renderView({
      publicationStatus: PublicationStatus.scheduled,
      publicationDate: '2030-07-04 17:30:00',
      publicationDateTzCode: 'America/New_York',
      segmentName: 'All active subscribers',
      title: 'Summer issue',
      subtitle: 'Fireworks and more',
    });
    expect(screen.getByRole('heading', { name: 'Great job' })).toBeTruthy();
    expect(screen.getByText('DETAILS')).toBeTruthy();
    expect(readOnlyValue('Send date')).toBe('Jul 04, 2030 at 5:30 pm EDT');
    expect(readOnlyValue('Audience')).toBe('All active subscribers');
    expect(readOnlyValue('Subject')).toBe('Summer issue');
    expect(readOnlyValue('Preview text')).toBe('Fireworks and more');
  });

  it('shows both subjects of an A/B test', () => {
    renderView({ publicationStatus: PublicationStatus.scheduled, publicationDate: '2030-01-01 08:00:00', hasAbTest: true, title: 'A', subjectB: 'B' });
    expect(readOnlyValue('Subject A')).toBe('A');
    expect(readOnlyValue('Subject B')).toBe('B');
    // Without a zone of its own the date is read on the channel's clock.
    expect(readOnlyValue('Send date')).toBe('Jan 01, 2030 at 8:00 am UTC');
  });

  it('says an active template is active, without an audience', () => {
    renderView({ publicationStatus: PublicationStatus.templateConfigured });
    expect(screen.getByText(/Your template is active/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Audience' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Send date' })).toBeNull();
  });
});
