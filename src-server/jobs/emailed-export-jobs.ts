import type PgBoss from 'pg-boss';

// What every emailed export's job shares (dashboards, campaign metrics): how it is queued,
// retried and given up on.

/** A mail server down for a moment should not lose an export; a few tries, a minute apart at first. */
const EXPORT_RETRY_LIMIT = 3;
const EXPORT_EXPIRE_SECONDS = 10 * 60;

export async function queueEmailedExport(boss: PgBoss, queue: string, job: object, retryDelaySeconds: number): Promise<string | null> {
  return boss.send(queue, job, {
    retryLimit: EXPORT_RETRY_LIMIT,
    retryDelay: retryDelaySeconds,
    retryBackoff: retryDelaySeconds > 0,
    expireInSeconds: EXPORT_EXPIRE_SECONDS,
  });
}
