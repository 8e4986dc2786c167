import type { Db } from '../db/database';
import { csvRecord } from '../reports/csv-format';
import { campaignMetrics } from './promotion-records';

// A campaign's metrics as CSV (downloaded, or emailed by the export job): the days, then
// the promotions with their pay text.

export async function campaignMetricsCsv(db: Db, campaignId: number): Promise<{ fileName: string; csv: string }> {
  const metrics = await campaignMetrics(db, campaignId);
  const lines = [
    csvRecord(['date', 'clicks', 'impressions', 'promotions']),
    ...metrics.metricsByDay.map((d) => csvRecord([d.date, d.clicks, d.impressions, d.promotions])),
    csvRecord([]),
    csvRecord(['promotion', 'headline', 'clicks', 'impressions', 'pay']),
    ...metrics.metricsByPromotion.map((p) => csvRecord([p.promotionId, p.headline, p.clicks, p.impressions, p.payText])),
  ];
  return { fileName: `campaign-${campaignId}-metrics.csv`, csv: lines.join('') };
}
