import type PgBoss from 'pg-boss';
import type { CampaignMetricsExportJob } from '../promotions/campaign-metrics-export';
import { queueEmailedExport } from './emailed-export-jobs';

// The campaign metrics exports' queue on pg-boss (see promotions/campaign-metrics-export.ts).

export const PROMOTION_METRICS_EXPORT_QUEUE = 'promotion-metrics-export';

/** What the promotion routes tell the jobs: a campaign's metrics were asked for by email. */
export interface PromotionExportQueue {
  queueCampaignMetricsExport(job: CampaignMetricsExportJob): Promise<void>;
}

export async function queueCampaignMetricsExport(boss: PgBoss, job: CampaignMetricsExportJob, retryDelaySeconds: number): Promise<string | null> {
  return queueEmailedExport(boss, PROMOTION_METRICS_EXPORT_QUEUE, job, retryDelaySeconds);
}
