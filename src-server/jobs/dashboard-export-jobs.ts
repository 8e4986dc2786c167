import type PgBoss from 'pg-boss';
import type { DashboardExportJob } from '../dashboards/dashboard-export';

// The dashboard exports' queue on pg-boss (see dashboards/dashboard-export.ts).

export const DASHBOARD_EXPORT_QUEUE = 'dashboard-export';
/** A mail server down for a moment should not lose an export; a few tries, a minute apart at first. */
const EXPORT_RETRY_LIMIT = 3;
const EXPORT_EXPIRE_SECONDS = 10 * 60;

/** What the dashboard routes tell the jobs: an export was asked for. */
export interface DashboardExportQueue {
  queueDashboardExport(job: DashboardExportJob): Promise<void>;
}

export async function queueDashboardExport(boss: PgBoss, job: DashboardExportJob, retryDelaySeconds: number): Promise<string | null> {
  return boss.send(DASHBOARD_EXPORT_QUEUE, job, {
    retryLimit: EXPORT_RETRY_LIMIT,
    retryDelay: retryDelaySeconds,
    retryBackoff: retryDelaySeconds > 0,
    expireInSeconds: EXPORT_EXPIRE_SECONDS,
  });
}
