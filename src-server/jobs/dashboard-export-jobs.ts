import type PgBoss from 'pg-boss';
import type { DashboardExportJob } from '../dashboards/dashboard-export';
import { queueEmailedExport } from './emailed-export-jobs';

// The dashboard exports' queue on pg-boss (see dashboards/dashboard-export.ts).

export const DASHBOARD_EXPORT_QUEUE = 'dashboard-export';

/** What the dashboard routes tell the jobs: an export was asked for. */
export interface DashboardExportQueue {
  queueDashboardExport(job: DashboardExportJob): Promise<void>;
}

export async function queueDashboardExport(boss: PgBoss, job: DashboardExportJob, retryDelaySeconds: number): Promise<string | null> {
  return queueEmailedExport(boss, DASHBOARD_EXPORT_QUEUE, job, retryDelaySeconds);
}
