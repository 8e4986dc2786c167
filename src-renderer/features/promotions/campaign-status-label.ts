import { CampaignStatus } from '../../../shared/rules/promotions';

/** How a campaign status reads in lists: the setup steps, Inactive (2, ready for the publisher) and Active (5). */
export function campaignStatusLabel(status: number): string {
  switch (status) {
    case CampaignStatus.new:
      return 'New';
    case CampaignStatus.setup:
      return 'Setting up promotions';
    case CampaignStatus.draft:
      return 'Inactive';
    case CampaignStatus.approved:
      return 'Active';
    default:
      return 'In review';
  }
}
