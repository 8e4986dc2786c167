// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbTestMetrics } from '../../../shared/model/letter';
import { AB_RESULTS_NOT_READY, AbTestCard, waitLabel } from './AbTestCard';
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
  variantRecipientsCount: 20,
};

const SETTINGS = { samplePercent: 15, waitMinutes: 90 };

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
    expect(dialog.textContent).toContain('Subjects A and B each went to 15% of the audience. After 1 hour 30 minutes, the subject with');
    expect(dialog.textContent).toContain('Sample size: 40 recipients · 20 got the winning subject');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('table', { name: 'A/B test results' }).textContent).toContain('B: Tides this week (winner)');
  });

  it("shows the error banner in the details when variantRecipientsCount is '-'", async () => {
    renderCard(<AbTestCard subjectA="A" subjectB="B" results={{ ...RESULTS, winner: null, variantRecipientsCount: '-' }} inProgress settings={SETTINGS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'A/B test details' });
    expect(within(dialog).getByRole('alert').textContent).toContain(AB_RESULTS_NOT_READY);
  });

  it('says the wait as people do', () => {
    expect([waitLabel(240), waitLabel(15), waitLabel(90), waitLabel(60)]).toEqual(['4 hours', '15 minutes', '1 hour 30 minutes', '1 hour']);
  });
});
