import { z } from 'zod';
import { escapeHtml } from '../../shared/render/escape';
import type { Db } from '../db/database';
import type { MailTransport } from '../delivery/mail-transport';
import { emailCsv } from '../reports/csv-mail';
import { campaignMetricsCsv } from './campaign-metrics-csv';

// A campaign's metrics emailed as a CSV attachment (POST .../campaigns/{id}/metrics/export),
// built by a background job (jobs/promotion-export-jobs.ts) as the dashboard exports are.

export const CampaignMetricsExportJobSchema = z.object({
  organizationId: z.number().int().positive(),
  /** Checked by the route against the caller's access. */
  campaignId: z.number().int().positive(),
  email: z.string(),
  message: z.string(),
  userId: z.number().int().positive(),
});
export type CampaignMetricsExportJob = z.infer<typeof CampaignMetricsExportJobSchema>;

export async function sendCampaignMetricsExport(db: Db, mail: MailTransport, job: CampaignMetricsExportJob): Promise<void> {
  const campaign = await db.selectFrom('promotionCampaigns').select(['id', 'title', 'channels']).where('id', '=', job.campaignId).executeTakeFirst();
  // Deleted since it was asked for: there are no metrics left to send.
  if (!campaign) return;
  // The mail is the campaign's channel's (its first one), else the organization's first.
  const channels = await db.selectFrom('channels').select(['id', 'slug']).where('organizationId', '=', job.organizationId).orderBy('id').execute();
  const channel = channels.find((c) => c.slug === campaign.channels[0]) ?? channels[0];
  if (!channel) return;
  const { fileName, csv } = await campaignMetricsCsv(db, campaign.id);
  const note = job.message.trim() === '' ? '' : `<p>${escapeHtml(job.message.trim()).replace(/\n/g, '<br>')}</p>`;
  await emailCsv(
    mail,
    {
      emails: [job.email],
      subject: `Metrics of the campaign ${campaign.title}`,
      html: `${note}<p>Here are the metrics of the campaign ${escapeHtml(campaign.title)}, as a CSV file.</p>`,
      fileName,
      csv,
    },
    { organizationId: job.organizationId, channelId: channel.id, letterId: null, userId: job.userId },
  );
}
