import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';

// API tokens: 32 random bytes handed to the client once; only their sha256 is stored, so
// a copy of the database does not let anyone sign in.

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insertInto('apiTokens').values({ userId, tokenHash: hashToken(token) }).execute();
  return token;
}

/** The user a bearer token belongs to, or null. */
export async function userForToken(db: Db, token: string): Promise<UserRow | null> {
  const found = await db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .selectAll('users')
    .select(['apiTokens.id as tokenId', 'apiTokens.lastUsedAt'])
    .where('apiTokens.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!found) return null;
  const { tokenId, lastUsedAt, ...user } = found;
  // Record use at most every few minutes: a write on every request would be churn.
  if (!lastUsedAt || Date.now() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('apiTokens').set({ lastUsedAt: sql<Date>`now()` }).where('id', '=', tokenId).execute();
  }
  return user;
}

const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/**
 * Signs a token out for good: its row goes, so it answers 401 on every instance at once
 * (each request looks its token up). Only the holder can name it, so nothing else is checked.
 */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('apiTokens').where('tokenHash', '=', hashToken(token)).execute();
}
