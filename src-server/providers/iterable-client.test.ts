import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackIterable } from '../testing/iterable-server';
import type { LoopbackIterable } from '../testing/iterable-server';
import { IterableApiError, createIterableClient, parseIterableTime } from './iterable-client';

// The Iterable client against the loopback Iterable (testing/iterable-server.ts): what it
// sends (paths, Api-Key, payloads), what it makes of the answers, and of Iterable's errors.

const KEY = 'test-key-0123456789abcdef1a2b';
let iterable: LoopbackIterable;

beforeAll(async () => {
  iterable = await startLoopbackIterable({ apiKey: KEY });
});
afterAll(async () => {
  await iterable?.close();
});

describe('the Iterable client', () => {
  it('makes a list, subscribes readers, upserts a template and creates a campaign, each with the Api-Key header', async () => {
    const client = createIterableClient({ apiKey: KEY, baseUrl: iterable.url });
    const before = iterable.requests.length;
    const listId = await client.createList('Letterdesk: The Weekly #1');
    const subscribed = await client.subscribe(listId, [
      { email: 'ada@example.com', dataFields: { firstName: 'Ada' } },
      { email: 'not-an-address', dataFields: {} },
    ]);
    expect(subscribed).toEqual({ successCount: 1, invalidEmails: ['not-an-address'] });
    const template = { clientTemplateId: 'letterdesk-abc', name: 'The Weekly', subject: 'Hello', html: '<p>Hi</p>', fromName: 'Weekly', fromEmail: 'news@weekly.example' };
    const templateId = await client.upsertEmailTemplate(template);
    // Upsert by clientTemplateId: the same template again is the same id.
    expect(await client.upsertEmailTemplate({ ...template, html: '<p>Hi again</p>' })).toBe(templateId);
    expect(iterable.templates.get(templateId)?.html).toBe('<p>Hi again</p>');
    const campaignId = await client.createCampaign({ name: 'The Weekly', listIds: [listId], templateId });
    expect(iterable.campaigns.get(campaignId)).toMatchObject({ listIds: [listId], templateId, sentTo: ['ada@example.com'] });

    const sent = iterable.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/lists',
      'POST /api/lists/subscribe',
      'POST /api/templates/email/upsert',
      'POST /api/templates/email/upsert',
      'POST /api/campaigns/create',
    ]);
    for (const request of sent) expect(request.headers['api-key']).toBe(KEY);
    expect(JSON.parse(sent[1]!.body)).toEqual({
      listId,
      subscribers: [
        { email: 'ada@example.com', dataFields: { firstName: 'Ada' } },
        { email: 'not-an-address', dataFields: {} },
      ],
    });
    expect(JSON.parse(sent[4]!.body)).toEqual({ name: 'The Weekly', listIds: [listId], templateId });
  });

  it('exports a campaign’s events of one type, all of them or from an instant on', async () => {
    const client = createIterableClient({ apiKey: KEY, baseUrl: iterable.url });
    const listId = await client.createList('Export');
    await client.subscribe(listId, [{ email: 'bo@example.com' }]);
    const templateId = await client.upsertEmailTemplate({ clientTemplateId: 'export', name: 'e', subject: 's', html: 'h', fromName: 'f', fromEmail: 'f@example.com' });
    const campaignId = await client.createCampaign({ name: 'Export', listIds: [listId], templateId });
    iterable.readerEvent('emailClick', campaignId, 'bo@example.com', { url: 'https://example.com/a', userAgent: 'Mozilla/5.0' }, new Date('2026-01-02T03:04:05Z'));
    iterable.readerEvent('emailClick', campaignId, 'bo@example.com', { url: 'https://example.com/b' }, new Date('2026-01-03T00:00:00Z'));

    const all = await client.exportEvents('emailClick', campaignId, null);
    expect(all.map((event) => [event.email, event.url, event.createdAt.toISOString()])).toEqual([
      ['bo@example.com', 'https://example.com/a', '2026-01-02T03:04:05.000Z'],
      ['bo@example.com', 'https://example.com/b', '2026-01-03T00:00:00.000Z'],
    ]);
    expect(all[0]).toMatchObject({ type: 'emailClick', campaignId, userAgent: 'Mozilla/5.0' });
    const later = await client.exportEvents('emailClick', campaignId, new Date('2026-01-02T12:00:00Z'));
    expect(later.map((event) => event.url)).toEqual(['https://example.com/b']);
    const request = iterable.requests.at(-1)!;
    expect(request.url).toBe(`/api/export/data.json?dataTypeName=emailClick&campaignId=${campaignId}&startDateTime=2026-01-02+12%3A00%3A00`);
    expect((await client.exportEvents('emailSend', campaignId, null)).map((event) => event.email)).toEqual(['bo@example.com']);
  });

  it('passes on Iterable’s own words for a bad key, marked as the key’s fault', async () => {
    const client = createIterableClient({ apiKey: 'wrong-key', baseUrl: iterable.url });
    const error = await client.createList('x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IterableApiError);
    expect(error).toMatchObject({ message: 'Invalid API key', status: 401, code: 'BadApiKey', badKey: true });
  });

  it('passes on a refused payload, not as the key’s fault', async () => {
    const client = createIterableClient({ apiKey: KEY, baseUrl: iterable.url });
    const error = await client.createCampaign({ name: 'No such list', listIds: [999_999], templateId: 1 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: 'BadParams', badKey: false });
    expect((error as Error).message).toMatch(/template|list/);
  });

  it('says Iterable could not be reached when nothing listens', async () => {
    const client = createIterableClient({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(client.createList('x')).rejects.toMatchObject({ message: 'Iterable could not be reached.', status: 0 });
  });
});

describe('Iterable times', () => {
  it('reads the export’s form and ISO instants, and nothing else', () => {
    expect(parseIterableTime('2026-11-27 21:00:05 +00:00')?.toISOString()).toBe('2026-11-27T21:00:05.000Z');
    expect(parseIterableTime('2026-11-27 21:00:05 +02:00')?.toISOString()).toBe('2026-11-27T19:00:05.000Z');
    expect(parseIterableTime('2026-11-27T21:00:05Z')?.toISOString()).toBe('2026-11-27T21:00:05.000Z');
    expect(parseIterableTime('yesterday')).toBeNull();
    expect(parseIterableTime(17)).toBeNull();
  });
});
