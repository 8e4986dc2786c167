import type { ServerResponse } from 'node:http';
import type { IterableEventType } from '../providers/iterable-client';
import { iterableDateTime } from '../providers/iterable-client';
import { sendJson, startLoopbackServer } from './loopback-server';
import type { LoopbackServer, RecordedRequest } from './loopback-server';

// A small Iterable on loopback, faithful to the endpoints the client uses
// (providers/iterable-client.ts): it checks the `Api-Key` header first (401
// {msg, code:'BadApiKey', params} as Iterable answers), then the JSON body and its required
// fields (400 'BadJsonBody' / 'BadParams'), and keeps lists, templates and campaigns in
// memory. Creating a campaign without sendAt sends it at once: every member of its lists
// gets an emailSend event. Tests add the readers' opens, clicks, bounces and unsubscribes
// with `readerEvent`, and the export answers them one JSON object per line.

export interface IterableEventRecord {
  type: IterableEventType;
  email: string;
  campaignId: number;
  templateId: number;
  messageId: string;
  createdAt: Date;
  extra: Record<string, unknown>;
}

export interface LoopbackIterable {
  url: string;
  server: LoopbackServer;
  /** Requests as they came, Api-Key header included. */
  requests: RecordedRequest[];
  lists: Map<number, { name: string; members: Map<string, Record<string, unknown>> }>;
  templates: Map<number, { clientTemplateId: string; name: string; subject: string; html: string; fromEmail: string; fromName: string }>;
  campaigns: Map<number, { name: string; listIds: number[]; templateId: number; sentTo: string[] }>;
  events: IterableEventRecord[];
  /** Adds a reader's event to a sent campaign (opens, clicks, bounces, unsubscribes). */
  readerEvent(type: IterableEventType, campaignId: number, email: string, extra?: Record<string, unknown>, at?: Date): void;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fail(response: ServerResponse, status: number, code: string, msg: string): void {
  sendJson(response, status, { msg, code, params: null });
}

const isPositiveInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export async function startLoopbackIterable(options: { apiKey: string }): Promise<LoopbackIterable> {
  let nextId = 1000;
  const lists: LoopbackIterable['lists'] = new Map();
  const templates: LoopbackIterable['templates'] = new Map();
  const campaigns: LoopbackIterable['campaigns'] = new Map();
  const events: IterableEventRecord[] = [];
  let messages = 0;

  const record = (type: IterableEventType, campaignId: number, email: string, extra: Record<string, unknown>, at: Date) => {
    const campaign = campaigns.get(campaignId);
    if (!campaign) throw new Error(`No campaign ${campaignId} on the loopback Iterable`);
    // One message per reader and campaign: its later events carry the same id, as Iterable's do.
    const send = events.find((event) => event.type === 'emailSend' && event.campaignId === campaignId && event.email === email);
    const messageId = send?.messageId ?? `msg${(++messages).toString(16).padStart(8, '0')}`;
    events.push({ type, email, campaignId, templateId: campaign.templateId, messageId, createdAt: at, extra });
  };

  const routes: Record<string, (body: Record<string, unknown>, response: ServerResponse, query: URLSearchParams) => void> = {
    'POST /api/lists': (body, response) => {
      if (!isText(body.name)) return fail(response, 400, 'BadParams', 'name is required');
      const listId = ++nextId;
      lists.set(listId, { name: body.name, members: new Map() });
      sendJson(response, 200, { listId });
    },
    'POST /api/lists/subscribe': (body, response) => {
      if (!isPositiveInt(body.listId)) return fail(response, 400, 'BadParams', 'listId is required');
      if (!Array.isArray(body.subscribers)) return fail(response, 400, 'BadParams', 'subscribers is required');
      const list = lists.get(body.listId);
      if (!list) return fail(response, 400, 'BadParams', `List ${body.listId} does not exist`);
      const invalidEmails: string[] = [];
      let successCount = 0;
      for (const subscriber of body.subscribers as Record<string, unknown>[]) {
        const email = typeof subscriber?.email === 'string' ? subscriber.email : '';
        if (!EMAIL.test(email)) {
          invalidEmails.push(email);
          continue;
        }
        list.members.set(email, (subscriber.dataFields as Record<string, unknown> | undefined) ?? {});
        successCount += 1;
      }
      sendJson(response, 200, { successCount, failCount: invalidEmails.length, invalidEmails, invalidUserIds: [] });
    },
    'POST /api/templates/email/upsert': (body, response) => {
      if (!isText(body.clientTemplateId)) return fail(response, 400, 'BadParams', 'clientTemplateId is required');
      if (body.html !== undefined && typeof body.html !== 'string') return fail(response, 400, 'BadParams', 'html must be a string');
      const existing = [...templates.entries()].find(([, template]) => template.clientTemplateId === body.clientTemplateId);
      const templateId = existing?.[0] ?? ++nextId;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      templates.set(templateId, {
        clientTemplateId: body.clientTemplateId,
        name: text(body.name),
        subject: text(body.subject),
        html: text(body.html),
        fromEmail: text(body.fromEmail),
        fromName: text(body.fromName),
      });
      sendJson(response, 200, { msg: `Upserted 1 templates with IDs: ${templateId}`, code: 'Success', params: { templateIds: [templateId] } });
    },
    'POST /api/campaigns/create': (body, response) => {
      if (!isText(body.name)) return fail(response, 400, 'BadParams', 'name is required');
      if (!isPositiveInt(body.templateId) || !templates.has(body.templateId)) return fail(response, 400, 'BadParams', 'templateId must name an existing template');
      const listIds = body.listIds;
      if (!Array.isArray(listIds) || listIds.length === 0 || !listIds.every((id) => isPositiveInt(id) && lists.has(id))) {
        return fail(response, 400, 'BadParams', 'listIds must name existing lists');
      }
      const campaignId = ++nextId;
      const sentTo = [...new Set((listIds as number[]).flatMap((id) => [...lists.get(id)!.members.keys()]))];
      campaigns.set(campaignId, { name: body.name, listIds: listIds as number[], templateId: body.templateId, sentTo });
      const now = new Date();
      for (const email of sentTo) record('emailSend', campaignId, email, {}, now);
      sendJson(response, 200, { campaignId });
    },
  };

  const exportEvents = (query: URLSearchParams, response: ServerResponse) => {
    const type = query.get('dataTypeName');
    if (!type) return fail(response, 400, 'BadParams', 'dataTypeName is required');
    const range = query.get('range');
    const start = query.get('startDateTime');
    if (!range && !start) return fail(response, 400, 'BadParams', 'Either range or startDateTime is required');
    const startAt = start ? new Date(`${start.replace(' ', 'T')}Z`) : null;
    if (start && Number.isNaN(startAt!.getTime())) return fail(response, 400, 'BadParams', 'startDateTime must be yyyy-MM-dd HH:mm:ss');
    const campaignId = query.get('campaignId');
    const lines = events
      .filter((event) => event.type === type)
      .filter((event) => campaignId === null || String(event.campaignId) === campaignId)
      // Iterable's export is to the second: an event in the start's second is in.
      .filter((event) => !startAt || Math.floor(event.createdAt.getTime() / 1000) * 1000 >= startAt.getTime())
      .map((event) =>
        JSON.stringify({
          email: event.email,
          createdAt: `${iterableDateTime(event.createdAt)} +00:00`,
          campaignId: event.campaignId,
          templateId: event.templateId,
          messageId: event.messageId,
          ...event.extra,
        }),
      );
    const text = lines.map((line) => `${line}\n`).join('');
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  };

  const server = await startLoopbackServer((request, response) => {
    if (request.headers['api-key'] !== options.apiKey) return fail(response, 401, 'BadApiKey', 'Invalid API key');
    const url = new URL(request.url, 'http://iterable.invalid');
    if (request.method === 'GET' && url.pathname === '/api/export/data.json') return exportEvents(url.searchParams, response);
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) return fail(response, 404, 'NotFound', `No route ${request.method} ${url.pathname}`);
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return fail(response, 400, 'BadJsonBody', 'Could not parse the JSON body');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return fail(response, 400, 'BadJsonBody', 'The body must be a JSON object');
    return route(body as Record<string, unknown>, response, url.searchParams);
  });

  return {
    url: server.url,
    server,
    requests: server.requests,
    lists,
    templates,
    campaigns,
    events,
    readerEvent: (type, campaignId, email, extra = {}, at = new Date()) => record(type, campaignId, email, extra, at),
    close: () => server.close(),
  };
}
