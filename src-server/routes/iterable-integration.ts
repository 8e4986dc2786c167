import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  ITERABLE_KEY_MANAGERS_ONLY,
  IterableIntegrationSchema,
  SaveIterableIntegrationSchema,
} from '../../shared/contract/platform-iterable';
import { brandBySlug } from '../audience/brand-access';
import type { BrandAccess } from '../audience/brand-access';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { forbidden } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { iterableKeyShown, removeIterableKey, saveIterableKey } from '../providers/iterable-key';
import type { PlatformSecret } from '../sending/platform-secret';
import { parseParams, routePattern } from './route-params';

// The organization's Iterable API key (issue 32): every member sees whether one is stored
// and its ending (the schedule step needs to know); owners and admins set and remove it,
// as they manage the organization's sending domains.

const BrandParams = z.object({ brand: z.string().min(1) });
const manages = (access: BrandAccess) => access.role === 'owner' || access.role === 'admin';

const docs = {
  get: routeDocs({ summary: "The organization's Iterable API key (its ending only)", params: BrandParams, response: { 200: IterableIntegrationSchema } }),
  put: routeDocs({ summary: "Set the organization's Iterable API key (owners and admins)", params: BrandParams, body: SaveIterableIntegrationSchema, response: { 200: IterableIntegrationSchema } }),
  remove: routeDocs({ summary: "Remove the organization's Iterable API key (owners and admins)", params: BrandParams, response: { 200: IterableIntegrationSchema } }),
};

export const iterableIntegrationRoutes: FastifyPluginAsync<{ db: Db; secret: PlatformSecret }> = async (app, { db, secret }) => {
  const path = routePattern(platformPaths.iterableIntegration(':brand'));

  const managerOf = async (userId: number, brand: string) => {
    const access = await brandBySlug(db, userId, brand);
    if (!manages(access)) throw forbidden(ITERABLE_KEY_MANAGERS_ONLY);
    return access;
  };

  app.get(path, { schema: docs.get }, async (request, reply) => {
    const { brand } = parseParams(BrandParams, request.params);
    const access = await brandBySlug(db, currentUser(request).id, brand);
    return sendAs(reply, IterableIntegrationSchema, await iterableKeyShown(db, secret, access.organizationId, manages(access)));
  });

  app.put(path, { schema: docs.put }, async (request, reply) => {
    const { brand } = parseParams(BrandParams, request.params);
    const access = await managerOf(currentUser(request).id, brand);
    const { apiKey } = parseInput(SaveIterableIntegrationSchema, request.body);
    await saveIterableKey(db, secret, access.organizationId, apiKey);
    return sendAs(reply, IterableIntegrationSchema, await iterableKeyShown(db, secret, access.organizationId, true));
  });

  app.delete(path, { schema: docs.remove }, async (request, reply) => {
    const { brand } = parseParams(BrandParams, request.params);
    const access = await managerOf(currentUser(request).id, brand);
    await removeIterableKey(db, access.organizationId);
    return sendAs(reply, IterableIntegrationSchema, await iterableKeyShown(db, secret, access.organizationId, true));
  });
};
