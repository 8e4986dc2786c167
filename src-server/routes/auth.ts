import type { FastifyPluginAsync } from 'fastify';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  platformPaths,
} from '../../shared/contract/platform-api';
import type { Channel, Organization, User } from '../../shared/model/channel';
import { verifyAgainstNothing, verifyPassword } from '../auth/passwords';
import { issueToken, revokeToken } from '../auth/tokens';
import { normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import type { ChannelRow, UserRow } from '../db/schema';
import { toChannelSettings } from '../channels/channel-settings';
import { routeDocs } from '../http/api-docs';
import { bearerToken, currentUser } from '../http/authentication';
import { unauthorized } from '../http/errors';
import { createLoginLimiter } from '../http/login-limit';
import type { SharedLimits } from '../http/shared-limits';
import { parseInput, sendAs } from '../http/validation';

export const INCORRECT_CREDENTIALS_MESSAGE = 'Incorrect email or password.';

const loginDocs = routeDocs({ summary: 'Sign in', body: LoginRequestSchema, response: { 200: LoginResponseSchema } });
const logoutDocs = routeDocs({ summary: 'Sign out: the calling token stops working', response: { 204: null } });
const meDocs = routeDocs({ summary: 'The caller, their brands (and those where they advertise) and channels', response: { 200: MeResponseSchema } });

export const authRoutes: FastifyPluginAsync<{ db: Db; limits: SharedLimits }> = async (app, { db, limits }) => {
  const limited = createLoginLimiter(limits);
  app.post(platformPaths.login(), { config: { public: true }, schema: loginDocs }, async (request, reply) => {
    const { email, password } = parseInput(LoginRequestSchema, request.body);
    const user = await limited(request, reply, async () => {
      const found = await db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
      const valid = found ? await verifyPassword(password, found.passwordHash) : await verifyAgainstNothing(password);
      return found && valid ? found : null;
    });
    if (!user) throw unauthorized(INCORRECT_CREDENTIALS_MESSAGE);
    const token = await issueToken(db, user.id);
    return sendAs(reply, LoginResponseSchema, { token, user: toUser(user) });
  });

  app.post(platformPaths.logout(), { schema: logoutDocs }, async (request, reply) => {
    // The authentication hook has checked the token, so it is there and current.
    await revokeToken(db, bearerToken(request)!);
    return reply.code(204).send();
  });

  app.get(platformPaths.me(), { schema: meDocs }, async (request, reply) => {
    const user = currentUser(request);
    // An advertiser grant opens only the promotions screens; a membership outranks it.
    const rows = await db
      .selectFrom('organizations')
      .leftJoin('memberships', (join) => join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', user.id))
      .leftJoin('promotionAdvertisers', (join) =>
        join.onRef('promotionAdvertisers.organizationId', '=', 'organizations.id').on('promotionAdvertisers.userId', '=', user.id),
      )
      .select(['organizations.id', 'organizations.slug', 'organizations.name', 'memberships.role'])
      .where((eb) => eb.or([eb('memberships.userId', 'is not', null), eb('promotionAdvertisers.userId', 'is not', null)]))
      .orderBy('organizations.name')
      .execute();
    const organizations = rows.map((row) => ({ ...row, role: row.role ?? ('advertiser' as const) }));
    const channels =
      organizations.length === 0
        ? []
        : await db
            .selectFrom('channels')
            .selectAll()
            .where(
              'organizationId',
              'in',
              organizations.map((organization) => organization.id),
            )
            .orderBy('title')
            .execute();
    const answer: Organization[] = organizations.map((organization) => ({
      ...organization,
      channels: channels
        .filter((channel) => channel.organizationId === organization.id)
        .map((channel) => toChannel(channel, organization.slug)),
    }));
    return sendAs(reply, MeResponseSchema, { user: toUser(user), organizations: answer });
  });
};

export function toUser(row: UserRow): User {
  return { uniqueId: row.uniqueId, email: row.email, name: row.name, surname: row.surname };
}

export function toChannel(row: ChannelRow, brandSlug: string): Channel {
  return {
    id: row.id,
    title: row.title,
    channelSlug: row.slug,
    brandId: row.organizationId,
    brandSlug,
    accentColor: row.accentColor,
    defaultStyleBaseFontSize: row.defaultStyleBaseFontSize,
    channelSquareLogo: row.channelSquareLogo,
    channelName: row.channelName,
    timezone: { tzCode: row.timezone },
    esp: row.esp,
    fontColor: row.fontColor,
    backgroundColor: row.backgroundColor,
    footerLanguage: row.footerLanguage,
    contactAddress: toChannelSettings(row).address,
    madeWithCredit: row.madeWithCredit,
    viewInBrowserLink: row.viewInBrowserLink,
  };
}
