import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { ChannelSettingsSchema } from '../../shared/model/channel-settings';
import { ChannelSettingsResponseSchema, UpdateChannelSettingsRequestSchema } from '../../shared/contract/platform-channel-settings';
import { saveChannelSettings, toChannelSettings } from '../channels/channel-settings';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import { parseParams, routePattern } from './route-params';

// The channel settings screen (spec 2 §2): read and change a channel's settings. Any
// member of the brand may change them (spec 1 §6 names no roles).

const Params = z.object({ brand: z.string().min(1), channel: z.string().min(1) });

const docs = {
  get: routeDocs({ summary: "A channel's settings", params: Params, response: { 200: ChannelSettingsResponseSchema } }),
  put: routeDocs({
    summary: "Change a channel's settings (those left out keep their values)",
    params: Params,
    body: UpdateChannelSettingsRequestSchema,
    response: { 200: ChannelSettingsResponseSchema },
  }),
};

export const channelSettingsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const path = routePattern(platformPaths.channelSettings(':brand', ':channel'));

  app.get(path, { schema: docs.get }, async (request, reply) => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    return sendAs(reply, ChannelSettingsResponseSchema, toChannelSettings(channel));
  });

  app.put(path, { schema: docs.put }, async (request, reply) => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    // Validated before anything is written: bad input changes nothing. Fields left out keep
    // their stored values, checked again with the rest.
    const changes = parseInput(UpdateChannelSettingsRequestSchema, request.body);
    const settings = parseInput(ChannelSettingsSchema, { ...toChannelSettings(channel), ...changes });
    const saved = await saveChannelSettings(db, channel.id, settings);
    return sendAs(reply, ChannelSettingsResponseSchema, toChannelSettings(saved));
  });
};
