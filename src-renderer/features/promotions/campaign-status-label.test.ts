import { describe, expect, it } from 'vitest';
import { CampaignStatus } from '../../../shared/rules/promotions';
import { campaignStatusLabel } from './campaign-status-label';

describe('campaignStatusLabel', () => {
  it('shows a campaign waiting for approval as such, not as Inactive', () => {
    expect(campaignStatusLabel(CampaignStatus.draft)).toBe('Ready for approval');
    expect(campaignStatusLabel(CampaignStatus.new)).toBe('New');
    expect(campaignStatusLabel(CampaignStatus.setup)).toBe('Setting up promotions');
    expect(campaignStatusLabel(CampaignStatus.approved)).toBe('Active');
  });
});
