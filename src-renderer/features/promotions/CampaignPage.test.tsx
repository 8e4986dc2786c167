// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Campaign, Promotion } from '../../../shared/contract/platform-promotions';
import { CampaignStatus, PromotionStatus } from '../../../shared/rules/promotions';
import { createAppStore } from '../../app/store';
import { CampaignPage } from './CampaignPage';

// The campaign screen over the bridge's transport: the fake stands in for the core.

const CAMPAIGN: Campaign = {
  id: 3,
  uniqueId: 'c-3',
  brandId: 1,
  channelSlug: 'weekly',
  channels: ['weekly'],
  title: 'Summer sailing',
  description: '',
  campaignInstructions: '',
  promoterName: 'Boats Ltd',
  promoterEmail: '',
  status: CampaignStatus.draft,
  isTemplate: false,
  dateRangeStart: null,
  dateRangeEnd: null,
  clicks: 0,
  views: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const promotion = (id: number, headline: string, status: number, messages: Promotion['messages']): Promotion => ({
  id,
  uniqueId: `p-${id}`,
  brandId: 1,
  campaignUniqueId: CAMPAIGN.uniqueId,
  campaignTitle: CAMPAIGN.title,
  adTypeId: null,
  templateCustomizationId: null,
  zone: 1,
  headline,
  content: 'Sail the bay.',
  image: '',
  imageAlternativeText: '',
  callToAction: 'Book',
  callToActionUrl: 'https://boats.example/book',
  promoterDisplayName: 'Boats Ltd',
  dateRangeStart: '2026-12-01',
  dateRangeEnd: null,
  dates: [],
  status,
  payActionNameCode: 0,
  payActionQuantity: 0,
  payActionValue: 0,
  payText: 'Free',
  messages,
});

const PROMOTIONS = [
  promotion(1, 'Approved quietly', PromotionStatus.approved, [{ id: 1, kind: 'approve', message: '', createdAt: '2026-11-02T10:00:00.000Z' }]),
  promotion(2, 'Approved with a word', PromotionStatus.approved, [{ id: 2, kind: 'approve', message: 'Looks good', createdAt: '2026-11-02T10:00:00.000Z' }]),
];

const fakeBridge: Bridge = {
  async invoke(channel) {
    if (channel === 'promotions.campaign') return { ok: true, data: { campaign: CAMPAIGN, promotions: PROMOTIONS } } as never;
    if (channel === 'promotions.adTypes') return { ok: true, data: { items: [] } } as never;
    if (channel === 'promotions.comments') return { ok: true, data: { comments: [] } } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
  // happy-dom has no document.fonts, which the comment box's autosize listens to.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => cleanup());

function renderPage() {
  const router = createMemoryRouter([{ path: '/organizations/:brandSlug/channels/:channelSlug/promotions/:uniqueId', element: <CampaignPage /> }], {
    initialEntries: ['/organizations/demo/channels/weekly/promotions/c-3'],
  });
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

describe('the campaign screen', () => {
  it('shows a campaign waiting for approval as such, on a named step', async () => {
    renderPage();
    const badge = await screen.findByLabelText('Campaign status');
    expect(badge.textContent).toBe('Ready for approval');
    expect(screen.getByText('Step 3 of 3: Ready for approval')).toBeTruthy();
    expect(screen.queryByText(/Inactive/i)).toBeNull();
  });

  it("leaves out an empty 'Approved:' and keeps an approval's message", async () => {
    renderPage();
    const quiet = await screen.findByLabelText('Promotion Approved quietly');
    expect(quiet.textContent).not.toContain('Approved:');
    const worded = screen.getByLabelText('Promotion Approved with a word');
    expect(within(worded).getByText('Approved: Looks good')).toBeTruthy();
  });
});
