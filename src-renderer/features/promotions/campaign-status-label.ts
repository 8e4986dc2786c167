import { CampaignStatus } from '../../../shared/rules/promotions';

/**
 * How a campaign status reads (its badge, the list, comments): the setup steps, Ready for
 * approval (2) and Active (5). The list's filter keeps the spec's 'Inactive' for 2, but a
 * campaign that has never run is not shown as inactive (issue 37).
 */
export function campaignStatusLabel(status: number): string {
  switch (status) {
    case CampaignStatus.new:
      return 'New';
    case CampaignStatus.setup:
      return 'Setting up promotions';
    case CampaignStatus.draft:
      return 'Ready for approval';
    case CampaignStatus.approved:
      return 'Active';
    default:
      return 'In review';
  }
}
