import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { ChannelSenderResponseSchema, ChannelSenderSchema } from '../../shared/contract/platform-sending';
import type { ChannelSender, ChannelSenderResponse } from '../../shared/contract/platform-sending';
import { domainOfAddress, fromDomainUnknownMessage } from '../../shared/rules/sending-identity';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { formatMailbox } from '../delivery/mail-transport';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { parseMailbox } from '../sending/sender-directory';
import type { SenderDirectory } from '../sending/sender-directory';
import type { SendingSettings } from '../sending/sending-settings';
import { parseParams, routePattern } from './route-params';

// A channel's sending identity (issue 29): From name, From address, Reply-To. The From
// address must be on one of the organization's sending domains; until that domain is
// verified the channel can neither schedule nor send tests (sending/sender-directory.ts).

const Params = z.object({ brand: z.string().min(1), channel: z.string().min(1) });

const docs = {
  get: routeDocs({ summary: "A channel's sending identity", params: Params, response: { 200: ChannelSenderResponseSchema } }),
  put: routeDocs({ summary: "Replace a channel's sending identity", params: Params, body: ChannelSenderSchema, response: { 200: ChannelSenderResponseSchema } }),
};

async function answer(db: Db, channel: ChannelRow, settings: SendingSettings): Promise<ChannelSenderResponse> {
  const platform = parseMailbox(settings.mailFrom);
  const verified = channel.fromAddress
    ? (await db
        .selectFrom('sendingDomains')
        .select('id')
        .where('organizationId', '=', channel.organizationId)
        .where('domain', '=', domainOfAddress(channel.fromAddress))
        .where('verifiedAt', 'is not', null)
        .executeTakeFirst()) !== undefined
    : false;
  const address = verified ? channel.fromAddress : platform.address;
  return {
    fromName: channel.fromName,
    fromAddress: channel.fromAddress,
    replyTo: channel.replyTo,
    effectiveFrom: formatMailbox(channel.fromName || platform.name, address),
    fromDomainVerified: verified,
  };
}

export const channelSenderRoutes: FastifyPluginAsync<{ db: Db; settings: SendingSettings; senders: SenderDirectory }> = async (app, { db, settings, senders }) => {
  const path = routePattern(platformPaths.channelSender(':brand', ':channel'));

  app.get(path, { schema: docs.get }, async (request, reply) => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    return sendAs(reply, ChannelSenderResponseSchema, await answer(db, channel, settings));
  });

  app.put(path, { schema: docs.put }, async (request, reply) => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    const sender: ChannelSender = parseInput(ChannelSenderSchema, request.body);
    if (sender.fromAddress) {
      const domain = domainOfAddress(sender.fromAddress);
      const known = await db.selectFrom('sendingDomains').select('id').where('organizationId', '=', channel.organizationId).where('domain', '=', domain).executeTakeFirst();
      if (!known) throw invalidData({ fromAddress: [fromDomainUnknownMessage(domain)] });
    }
    const saved = await db
      .updateTable('channels')
      .set({ fromName: sender.fromName, fromAddress: sender.fromAddress, replyTo: sender.replyTo })
      .where('id', '=', channel.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    senders.forget();
    return sendAs(reply, ChannelSenderResponseSchema, await answer(db, saved, settings));
  });
};
