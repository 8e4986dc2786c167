import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';

// The embedded dashboards' tokens: what they grant (the channels, the period, a name for
// the page) and when they stop working, signed with HMAC-SHA256. The key is
// EMBED_DASHBOARD_SECRET when set, else one the platform makes once and keeps in
// platform_secrets (migration 0017). A token altered in any byte fails the signature.

export const EmbedGrantSchema = z.object({
  /** The channels whose numbers the page shows, settled from the caller's membership. */
  channelIds: z.array(z.number().int().positive()),
  /** What the page is called: 'demo', 'demo/weekly' or 'All organizations'. */
  name: z.string(),
  from: z.string(),
  to: z.string(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().int(),
});
export type EmbedGrant = z.infer<typeof EmbedGrantSchema>;

const SECRET_NAME = 'embed-dashboard';

/** The configured secret, or the stored one (made by whichever instance asks first). */
export async function embedSecret(db: Db, configured: string | null | undefined): Promise<string> {
  if (configured) return configured;
  await sql`INSERT INTO platform_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) ON CONFLICT (name) DO NOTHING`.execute(db);
  const { rows } = await sql<{ value: string }>`SELECT value FROM platform_secrets WHERE name = ${SECRET_NAME}`.execute(db);
  return rows[0]!.value;
}

const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signEmbedToken(grant: EmbedGrant, secret: string): string {
  const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** A short stable name for what a token grants. */
export const embedKeyOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 20);

export type EmbedCheck = { ok: true; grant: EmbedGrant } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyEmbedToken(token: string, secret: string, now = Date.now()): EmbedCheck {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let grant: EmbedGrant;
  try {
    grant = EmbedGrantSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (grant.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
