import { BodyTooLargeError, readLimited } from '../integrations/read-limited';

// Iterable's REST API, the few endpoints a letter's send and its report need (docs/decisions.md
// "Iterable provider"):
//   POST /api/lists                        {name}                          → {listId}
//   POST /api/lists/subscribe              {listId, subscribers:[{email, dataFields}]}
//                                          → {successCount, failCount, invalidEmails, invalidUserIds}
//   POST /api/templates/email/upsert       {clientTemplateId, name, subject, html, fromName, fromEmail, preheaderText}
//                                          → {msg, code:'Success', params:{templateIds:[id]}}
//   POST /api/campaigns/create             {name, listIds, templateId}    → {campaignId} (no sendAt: sent at once)
//   GET  /api/export/data.json?dataTypeName=&campaignId=&startDateTime=   → one JSON event per line
// Every call carries the project's server-side key in the `Api-Key` header. A failure is
// answered by Iterable as {msg, code, params} (401 with code 'BadApiKey' for a bad key);
// its words reach the editor through IterableApiError.

export const DEFAULT_ITERABLE_API_URL = 'https://api.iterable.com';
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Subscribers per /api/lists/subscribe call: one call per batch keeps each body modest. */
export const ITERABLE_SUBSCRIBE_BATCH = 1000;

/** The email event types the report reads back (Iterable's dataTypeName values). */
export const ITERABLE_EVENT_TYPES = ['emailSend', 'emailOpen', 'emailClick', 'emailBounce', 'emailUnSubscribe'] as const;
export type IterableEventType = (typeof ITERABLE_EVENT_TYPES)[number];

export class IterableApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when Iterable could not be reached or answered nonsense. */
    readonly status: number,
    /** Iterable's own code ('BadApiKey', 'BadParams', …), or '' when it gave none. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'IterableApiError';
  }

  /** The key itself was refused: no retry helps until someone changes it. */
  get badKey(): boolean {
    return this.code === 'BadApiKey' || this.status === 401;
  }
}

export interface IterableSubscriber {
  email: string;
  dataFields?: Record<string, unknown>;
}

export interface IterableTemplate {
  clientTemplateId: string;
  name: string;
  subject: string;
  html: string;
  /** Omitted: the Iterable project's default sender. */
  fromName?: string;
  fromEmail?: string;
  preheaderText?: string;
}

/** One exported event, with the fields the report reads; Iterable sends many more. */
export interface IterableEvent {
  type: IterableEventType;
  email: string;
  createdAt: Date;
  messageId: string;
  campaignId: number | null;
  /** emailClick: the link followed. */
  url: string | null;
  userAgent: string | null;
  ip: string | null;
  /** emailBounce: e.g. 'HardBounce', 'SoftBounce'. */
  recipientState: string | null;
  /** The line as Iterable sent it, for the receipt key. */
  raw: Record<string, unknown>;
}

export interface IterableClient {
  createList(name: string): Promise<number>;
  subscribe(listId: number, subscribers: readonly IterableSubscriber[]): Promise<{ successCount: number; invalidEmails: string[] }>;
  upsertEmailTemplate(template: IterableTemplate): Promise<number>;
  createCampaign(campaign: { name: string; listIds: number[]; templateId: number }): Promise<number>;
  exportEvents(type: IterableEventType, campaignId: number, since: Date | null): Promise<IterableEvent[]>;
}

type Json = Record<string, unknown>;

/** Iterable's export dates: 'yyyy-MM-dd HH:mm:ss' in UTC. */
export function iterableDateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** Parses '2026-11-27 21:00:05 +00:00' (the export's form) or an ISO 8601 instant; null otherwise. */
export function parseIterableTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const iterableForm = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?) ?([+-]\d{2}:\d{2}|Z)?$/.exec(value.trim());
  const text = iterableForm ? `${iterableForm[1]}T${iterableForm[2]}${iterableForm[3] ?? 'Z'}` : value;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

function positiveId(body: Json, field: string, what: string): number {
  const value = body[field];
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  throw new IterableApiError(`Iterable answered without a ${what}.`, 0, '');
}

export function createIterableClient(settings: { apiKey: string; baseUrl?: string | undefined; timeoutMs?: number }): IterableClient {
  const root = (settings.baseUrl ?? DEFAULT_ITERABLE_API_URL).replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 30_000;

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method,
        headers: { 'Api-Key': settings.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new IterableApiError('Iterable could not be reached.', 0, '');
    }
    let text: string;
    try {
      text = (await readLimited(response, MAX_ANSWER_BYTES)).toString('utf8');
    } catch (error) {
      throw new IterableApiError(error instanceof BodyTooLargeError ? 'Iterable answered far more than expected.' : 'Iterable’s answer was cut off.', response.status, '');
    }
    if (!response.ok) {
      let failure: Json = {};
      try {
        failure = JSON.parse(text) as Json;
      } catch {
        // Not Iterable's error shape (a proxy's page): its status is all there is to say.
      }
      const words = str(failure.msg)?.trim() || `Iterable answered ${response.status}.`;
      throw new IterableApiError(words, response.status, str(failure.code) ?? '');
    }
    return text;
  }

  async function post(path: string, body: object): Promise<Json> {
    const text = await call('POST', path, body);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Json;
    } catch {
      // Falls through to the error below.
    }
    throw new IterableApiError('Iterable answered something unreadable.', 0, '');
  }

  return {
    async createList(name) {
      return positiveId(await post('/api/lists', { name }), 'listId', 'list id');
    },

    async subscribe(listId, subscribers) {
      const answer = await post('/api/lists/subscribe', { listId, subscribers });
      const invalid = Array.isArray(answer.invalidEmails) ? answer.invalidEmails.filter((email): email is string => typeof email === 'string') : [];
      return { successCount: typeof answer.successCount === 'number' ? answer.successCount : 0, invalidEmails: invalid };
    },

    async upsertEmailTemplate(template) {
      const answer = await post('/api/templates/email/upsert', template);
      const params = (answer.params ?? {}) as Json;
      const ids = Array.isArray(params.templateIds) ? params.templateIds : [];
      const id = ids.find((value): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0);
      if (id === undefined) throw new IterableApiError('Iterable answered without a template id.', 0, str(answer.code) ?? '');
      return id;
    },

    async createCampaign(campaign) {
      return positiveId(await post('/api/campaigns/create', campaign), 'campaignId', 'campaign id');
    },

    async exportEvents(type, campaignId, since) {
      const query = new URLSearchParams({ dataTypeName: type, campaignId: String(campaignId) });
      // Without a start, all of the campaign's events (range=All); with one, from that instant on.
      if (since) query.set('startDateTime', iterableDateTime(since));
      else query.set('range', 'All');
      const text = await call('GET', `/api/export/data.json?${query.toString()}`);
      const events: IterableEvent[] = [];
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        let raw: Json;
        try {
          raw = JSON.parse(line) as Json;
        } catch {
          throw new IterableApiError('Iterable’s export had a line that is not JSON.', 0, '');
        }
        const createdAt = parseIterableTime(raw.createdAt);
        const email = str(raw.email);
        // An event without an address or a time names no reader or moment: nothing to count.
        if (!createdAt || !email) continue;
        const campaign = Number(raw.campaignId);
        events.push({
          type,
          email,
          createdAt,
          messageId: str(raw.messageId) ?? '',
          campaignId: Number.isInteger(campaign) ? campaign : null,
          url: str(raw.url),
          userAgent: str(raw.userAgent),
          ip: str(raw.ip),
          recipientState: str(raw.recipientState),
          raw,
        });
      }
      return events;
    },
  };
}
