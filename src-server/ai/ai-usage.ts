import { sql } from 'kysely';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { SharedLimits } from '../http/shared-limits';

// What one organization may ask of the AI service: a few calls a minute (so one busy
// editor, or a script, cannot starve the others of a shared model) and a daily token
// budget (so a hosted model's bill has a ceiling). Calls are counted per organization and
// minute in the database (http/shared-limits.ts); tokens per organization and UTC day
// (table ai_usage): both hold across restarts and several platform instances.

export interface AiLimits {
  dailyTokenBudget: number;
  requestsPerMinute: number;
}

export const DEFAULT_AI_LIMITS: AiLimits = { dailyTokenBudget: 200_000, requestsPerMinute: 20 };

const MINUTE_MS = 60_000;

export interface AiMeter {
  /** Refuses (429, saying why and when to try again) when the organization is over a limit; else counts the call. */
  admit(organizationId: number): Promise<void>;
  /** Adds a finished call's tokens to the organization's day. */
  record(organizationId: number, tokens: number): Promise<void>;
}

/** The UTC day of an instant, as PostgreSQL's date text. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createAiMeter(db: Db, counts: SharedLimits, limits: Partial<AiLimits> = {}, now: () => Date = () => new Date()): AiMeter {
  const { dailyTokenBudget, requestsPerMinute } = { ...DEFAULT_AI_LIMITS, ...limits };
  const callsKey = (organizationId: number) => `ai calls ${organizationId}`;
  return {
    async admit(organizationId) {
      const at = now();
      // Counted before the budget is read, so parallel calls on any instance are counted one by one.
      const calls = await counts.hit(callsKey(organizationId), MINUTE_MS);
      if (calls.hits > requestsPerMinute) {
        await counts.giveBack(callsKey(organizationId));
        const wait = Math.max(1, Math.ceil(calls.resetsInMs / 1000));
        throw new HttpError(
          429,
          `Your organization has asked the AI assistant ${requestsPerMinute} times in the last minute, its limit. Try again in ${wait} s.`,
        );
      }
      const used = await db
        .selectFrom('aiUsage')
        .select('tokens')
        .where('organizationId', '=', organizationId)
        .where('day', '=', utcDay(at))
        .executeTakeFirst();
      if (used && Number(used.tokens) >= dailyTokenBudget) {
        await counts.giveBack(callsKey(organizationId));
        throw new HttpError(
          429,
          `Your organization has used today's AI allowance of ${dailyTokenBudget.toLocaleString('en-US')} tokens. It renews at midnight UTC.`,
        );
      }
    },
    async record(organizationId, tokens) {
      const amount = Math.max(0, Math.round(tokens));
      await db
        .insertInto('aiUsage')
        .values({ organizationId, day: utcDay(now()), tokens: amount, requests: 1 })
        .onConflict((conflict) =>
          conflict.columns(['organizationId', 'day']).doUpdateSet({
            tokens: sql`ai_usage.tokens + excluded.tokens`,
            requests: sql`ai_usage.requests + 1`,
          }),
        )
        .execute();
    },
  };
}
