// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbTestMetrics } from '../../../shared/model/letter';
import { AB_RESULTS_NOT_READY, AB_TEST_RUNNING, AbTestCard } from './AbTestCard';
import { renderCard } from './test-support';

afterEach(cleanup);

const RESULTS: AbTestMetrics = {
  winner: 'B',
  acceptA: 20,
  acceptB: 20,
  openA: 5,
  openB: 9,
  openRateA: 25,
  openRateB: 45,
  sampleSize: 40,
  // Readers of the rest, who got the winner: an audience of 200 less the sample.
  variantRecipientsCount: 160,
};

const SETTINGS = { samplePercent: 10, waitMinutes: 240 };

describe('the A/B test card', () => {
  it('shows both subjects, the winner and the open rates; no badge once sent', () => {
    renderCard(<AbTestCard subjectA="Harbour news" subjectB="Tides this week" results={RESULTS} inProgress={false} settings={SETTINGS} />);
    const card = screen.getByRole('region', { name: 'A/B test' });
    expect(card.textContent).toContain('Harbour news');
    expect(card.textContent).toContain('Tides this week');
    expect(within(card).getByText('Winner')).toBeTruthy();
    expect(card.textContent).toContain('Open rate A 25.0% · B 45.0%');
    expect(within(card).queryByText('in progress')).toBeNull();
  });

  it("shows 'in progress' while the letter is sending", () => {
    renderCard(<AbTestCard subjectA="A" subjectB="B" results={null} inProgress settings={SETTINGS} />);
    expect(screen.getByText('in progress')).toBeTruthy();
  });

  it('opens the details with the sample size from the data, without a banner when the recipients are known', async () => {
    renderCard(<AbTestCard subjectA="Harbour news" subjectB="Tides this week" results={RESULTS} inProgress={false} settings={SETTINGS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'A/B test details' });
    expect(dialog.textContent).toContain('Sample size: 40 recipients · 160 got the winning subject');
    expect(dialog.textContent).toContain('Subjects A and B each went to 10% of the audience. After 4 hours, the subject with the higher open rate');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('table', { name: 'A/B test results' }).textContent).toContain('B: Tides this week (winner)');
  });

  it("states the letter's own sample share and wait", async () => {
    renderCard(<AbTestCard subjectA="A" subjectB="B" results={RESULTS} inProgress={false} settings={{ samplePercent: 25, waitMinutes: 90 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'A/B test details' });
    expect(dialog.textContent).toContain('Subjects A and B each went to 25% of the audience. After 1 hour 30 minutes, the subject');
  });

  it("while the test runs ('-'), says so in the present tense above the sample's counts", async () => {
    renderCard(<AbTestCard subjectA="A" subjectB="B" results={{ ...RESULTS, winner: null, variantRecipientsCount: '-' }} inProgress settings={SETTINGS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'A/B test details' });
    expect(within(dialog).getByRole('alert').textContent).toContain(AB_TEST_RUNNING);
    expect(dialog.textContent).not.toContain('is not known. Check back once the test has finished');
    expect(dialog.textContent).toContain('Subjects A and B each go to 10% of the audience. After 4 hours, the subject with the higher open rate goes to everyone else.');
    expect(dialog.textContent).not.toContain('went to');
    expect(dialog.textContent).toContain('Sample so far: 40 recipients');
    expect(within(dialog).getByRole('table', { name: 'A/B test results' })).toBeTruthy();
  });

  it('before the sample has gone out, says there are no results yet and shows no table', async () => {
    renderCard(<AbTestCard subjectA="A" subjectB="B" results={null} inProgress settings={SETTINGS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'A/B test details' });
    expect(within(dialog).getByRole('alert').textContent).toContain(AB_RESULTS_NOT_READY);
    expect(dialog.textContent).toContain('Subjects A and B each go to 10%');
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
