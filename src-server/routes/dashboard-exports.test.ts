import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { EXPORT_EMAIL_INVALID_MESSAGE, EXPORT_EMAILS_REQUIRED_MESSAGE, EXPORT_QUEUED_MESSAGE } from '../../shared/contract/platform-dashboards';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import type { ReceivedMail } from '../testing/smtp-fixture';
import { startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// Dashboard exports (spec 3 §7) through the real job runner and a real SMTP server on
// loopback: the request is answered at once, and the CSV arrives attached to an email to
// each address, with the rows of the period and channels asked for.

let h: TrackingHarness;
let rival: Rival;
let letterId: number;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  const audience = await h.audience(['ada', 'bob']);
  letterId = (await h.sendLetter(audience.segmentId, { title: 'Export, "quoted" letter' })).id!;
});
afterAll(async () => {
  await h?.close();
});

const post = (url: string, payload: object, headers: object = h.editor) => h.app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });

async function exportArrives(address: string): Promise<{ csv: string[][]; mail: ReceivedMail }> {
  await expect.poll(() => h.smtp.received.some((m) => m.envelope.to.includes(address)), { timeout: 20_000 }).toBe(true);
  const mail = h.smtp.received.find((m) => m.envelope.to.includes(address))!;
  const attachment = mail.mail.attachments[0]!;
  expect(attachment.contentType).toBe('text/csv');
  const text = attachment.content.toString('utf8').replace(/^\uFEFF/, '');
  return { mail, csv: text.trimEnd().split('\r\n').map((line) => line.split(',')) };
}

describe('dashboard exports', () => {
  it('queues the letters export and emails its CSV, attached, to every address', async () => {
    const response = await post(platformPaths.dashboardExport('demo', 'letters'), { emails: ['one@example.com', 'Two@Example.com'], from: daysAgo(6), to: today() });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ queued: true, message: EXPORT_QUEUED_MESSAGE });
    const { csv, mail } = await exportArrives('one@example.com');
    expect(mail.mail.attachments[0]!.filename).toBe(`demo-letters-${daysAgo(6)}-to-${today()}.csv`);
    expect(csv[0]).toEqual(['id', 'title', 'organization', 'channel', 'sent_at', 'sent', 'delivered', 'opens', 'clicks', 'open_rate', 'click_rate']);
    expect(csv).toHaveLength(2);
    // The title's comma and quotes are quoted as spreadsheets read them.
    expect(csv[1]!.slice(0, 2)).toEqual([String(letterId), '"Export']);
    expect(csv[1]!.slice(3, 5)).toEqual(['demo', 'weekly']);
    expect(csv[1]!.slice(6, 8)).toEqual(['2', '2']);
    await exportArrives('two@example.com');
  });

  it('exports a channel’s active subscribers day by day', async () => {
    const response = await post(platformPaths.dashboardExport('demo', 'active-subscribers', 'weekly'), { emails: ['subs@example.com'], from: daysAgo(2), to: today() });
    expect(response.statusCode, response.body).toBe(202);
    const { csv } = await exportArrives('subs@example.com');
    expect(csv[0]).toEqual(['day', 'active', 'subscribed', 'unsubscribed', 'bounced', 'net_growth']);
    expect(csv.slice(1).map((row) => row[0])).toEqual([daysAgo(2), daysAgo(1), today()]);
    // The demo's three readers and this test's two joined today.
    expect(csv[3]!.slice(1, 3)).toEqual(['5', '5']);
  });

  it('refuses bad addresses, another organization’s channels and strangers, queuing nothing', async () => {
    const before = h.smtp.received.length;
    const url = platformPaths.dashboardExport('demo', 'clicks');
    const none = await post(url, { emails: [], from: today(), to: today() });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.emails).toEqual([EXPORT_EMAILS_REQUIRED_MESSAGE]);
    const bad = await post(url, { emails: ['not-an-address'], from: today(), to: today() });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain(EXPORT_EMAIL_INVALID_MESSAGE);
    expect((await post(url, { emails: ['a@example.com'], from: today(), to: today(), channels: ['daily'] })).statusCode).toBe(422);
    expect((await post(url, { emails: ['a@example.com'], from: today(), to: today() }, rival.headers)).statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(h.smtp.received.length).toBe(before);
  });
});
