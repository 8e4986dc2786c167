import { z } from 'zod';
import { DashboardExportKindSchema, type DashboardExportKind, type DashboardLetter } from '../../shared/contract/platform-dashboards';
import type { Db } from '../db/database';
import type { MailTransport } from '../delivery/mail-transport';
import { CSV_BOM, csvRecord } from '../reports/csv-format';
import { emailCsv } from '../reports/csv-mail';
import { activeSubscribers, audienceDays, lettersPage } from './dashboard-queries';

// A dashboard export (spec 3 §7): the CSV of one card for the channels and period the route
// settled, emailed as an attachment to each address given. Built by a background job
// (jobs/dashboard-export-jobs.ts), so a year of letters never holds an HTTP request open.

export const DashboardExportJobSchema = z.object({
  kind: DashboardExportKindSchema,
  organizationId: z.number().int().positive(),
  /** The channels the caller was allowed and asked for; settled by the route. */
  channelIds: z.array(z.number().int().positive()),
  /** 'demo' or 'demo/weekly': names the file and the subject. */
  scopeName: z.string(),
  from: z.string(),
  to: z.string(),
  emails: z.array(z.string()).min(1),
  userId: z.number().int().positive(),
});
export type DashboardExportJob = z.infer<typeof DashboardExportJobSchema>;

const HEADERS: Record<DashboardExportKind, string[]> = {
  'active-subscribers': ['day', 'active', 'subscribed', 'unsubscribed', 'bounced', 'net_growth'],
  clicks: ['day', 'clicks', 'unique_clicks', 'opens', 'unique_opens'],
  letters: ['id', 'title', 'organization', 'channel', 'sent_at', 'sent', 'delivered', 'opens', 'clicks', 'open_rate', 'click_rate'],
};

/** Every letter of the period, all pages (25 each), oldest first. */
async function allLetters(db: Db, channelIds: readonly number[], period: { from: string; to: string }): Promise<DashboardLetter[]> {
  const letters: DashboardLetter[] = [];
  for (let page = 1; ; page++) {
    const answer = await lettersPage(db, channelIds, { period, direction: 'asc', page });
    letters.push(...answer.items);
    if (answer.items.length < answer.pageSize || letters.length >= answer.total) return letters;
  }
}

export async function dashboardExportCsv(db: Db, job: DashboardExportJob): Promise<{ fileName: string; csv: string }> {
  const period = { from: job.from, to: job.to };
  let rows: (string | number)[][];
  if (job.kind === 'active-subscribers') {
    const { items } = await activeSubscribers(db, job.channelIds, period);
    rows = items.map((d) => [d.day, d.active, d.subscribed, d.unsubscribed, d.bounced, d.netGrowth]);
  } else if (job.kind === 'clicks') {
    const items = await audienceDays(db, job.channelIds, period);
    rows = items.map((d) => [d.day, d.clicks, d.uniqueClicks, d.opens, d.uniqueOpens]);
  } else {
    const letters = await allLetters(db, job.channelIds, period);
    rows = letters.map((l) => [l.id, l.title, l.organizationSlug, l.channelSlug, l.sentAt, l.sent, l.delivered, l.opens, l.clicks, l.openRate, l.clickRate]);
  }
  const fileName = `${job.scopeName.replace('/', '-')}-${job.kind}-${job.from}-to-${job.to}.csv`;
  return { fileName, csv: CSV_BOM + [HEADERS[job.kind], ...rows].map(csvRecord).join('') };
}

/** Builds the CSV and emails it to each address; a mail server refusing one address does not stop the others. */
export async function sendDashboardExport(db: Db, mail: MailTransport, job: DashboardExportJob): Promise<void> {
  const { fileName, csv } = await dashboardExportCsv(db, job);
  const channelId =
    job.channelIds[0] ??
    (await db.selectFrom('channels').select('id').where('organizationId', '=', job.organizationId).orderBy('id').executeTakeFirstOrThrow()).id;
  const title = `${job.kind.replace('-', ' ')} export for ${job.scopeName}, ${job.from} to ${job.to}`;
  await emailCsv(
    mail,
    { emails: job.emails, subject: `Your ${title}`, html: `<p>Here is the ${title} you asked for, as a CSV file.</p>`, fileName, csv },
    { organizationId: job.organizationId, channelId, letterId: null, userId: job.userId },
  );
}
