import type { Db } from '../db/database';
import { csvRecord } from '../reports/csv-format';
import type { CampaignMetrics } from '../../shared/contract/platform-promotions';
import { campaignMetrics } from './promotion-records';

// Promotion metrics as CSV (a campaign's downloaded or emailed by the export job, or one
// promotion's): the days, then the promotions with their pay text.

export async function campaignMetricsCsv(db: Db, campaignId: number): Promise<{ fileName: string; csv: string }> {
  return { fileName: `campaign-${campaignId}-metrics.csv`, csv: metricsCsv(await campaignMetrics(db, campaignId)) };
}

export function metricsCsv(metrics: CampaignMetrics): string {
  const lines = [
    csvRecord(['date', 'clicks', 'impressions', 'promotions']),
    ...metrics.metricsByDay.map((d) => csvRecord([d.date, d.clicks, d.impressions, d.promotions])),
    csvRecord([]),
    csvRecord(['promotion', 'headline', 'clicks', 'impressions', 'pay']),
    ...metrics.metricsByPromotion.map((p) => csvRecord([p.promotionId, p.headline, p.clicks, p.impressions, p.payText])),
  ];
  return lines.join('');
}
