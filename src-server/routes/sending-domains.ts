import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  CreateSendingDomainRequestSchema,
  DeliverabilityChecksSchema,
  SendingDomainListSchema,
  SendingDomainSchema,
} from '../../shared/contract/platform-sending';
import { brandBySlug } from '../audience/brand-access';
import type { BrandAccess } from '../audience/brand-access';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { forbidden } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { organizationChecks } from '../sending/deliverability-checks';
import type { DnsLookup } from '../sending/dns-check';
import type { PlatformSecret } from '../sending/platform-secret';
import type { SenderDirectory } from '../sending/sender-directory';
import { addSendingDomain, checkSendingDomain, deleteSendingDomain, listSendingDomains, rotateDkimKey } from '../sending/sending-domains';
import type { SendingSettings } from '../sending/sending-settings';
import { idParam, parseParams, routePattern } from './route-params';

// An organization's sending domains (issue 29) and its deliverability checks. Members see
// the domains and their records; owners and admins add, check, rotate and remove them, and
// only they are shown the checks (what to fix is theirs to fix).

const BrandParams = z.object({ brand: z.string().min(1) });
const DomainParams = BrandParams.extend({ id: idParam });
export const SENDING_DOMAINS_MANAGERS_ONLY = 'Only owners and admins of the organization can change its sending domains.';

export interface SendingRouteOptions {
  db: Db;
  secret: PlatformSecret;
  settings: SendingSettings;
  lookup: DnsLookup;
  senders: SenderDirectory;
}

const docs = {
  list: routeDocs({ summary: "The organization's sending domains, with the DNS records each publishes", params: BrandParams, response: { 200: SendingDomainListSchema } }),
  create: routeDocs({ summary: 'Add a sending domain (makes its DKIM key)', params: BrandParams, body: CreateSendingDomainRequestSchema, response: { 201: SendingDomainSchema } }),
  remove: routeDocs({ summary: 'Remove a sending domain no channel sends from', params: DomainParams, response: { 204: null } }),
  check: routeDocs({ summary: "Look the domain's records up in DNS (Check DNS)", params: DomainParams, response: { 200: SendingDomainSchema } }),
  rotate: routeDocs({ summary: 'Make the next DKIM key; it signs once Check DNS finds its record', params: DomainParams, response: { 200: SendingDomainSchema } }),
  checks: routeDocs({ summary: "What keeps the organization's mail from the inbox (owners and admins; empty for others)", params: BrandParams, response: { 200: DeliverabilityChecksSchema } }),
};

const manages = (access: BrandAccess) => access.role === 'owner' || access.role === 'admin';

export const sendingDomainRoutes: FastifyPluginAsync<SendingRouteOptions> = async (app, { db, secret, settings, lookup, senders }) => {
  const listPath = routePattern(platformPaths.sendingDomains(':brand'));
  const onePath = routePattern(platformPaths.sendingDomain(':brand', 1), { 1: ':id' });
  const checkPath = routePattern(platformPaths.sendingDomainCheck(':brand', 1), { 1: ':id' });
  const rotatePath = routePattern(platformPaths.sendingDomainRotateDkim(':brand', 1), { 1: ':id' });

  const managerOf = async (userId: number, brand: string) => {
    const access = await brandBySlug(db, userId, brand);
    if (!manages(access)) throw forbidden(SENDING_DOMAINS_MANAGERS_ONLY);
    return access;
  };

  app.get(listPath, { schema: docs.list }, async (request, reply) => {
    const params = parseParams(BrandParams, request.params);
    const access = await brandBySlug(db, currentUser(request).id, params.brand);
    return sendAs(reply, SendingDomainListSchema, await listSendingDomains(db, access.organizationId, settings));
  });

  app.post(listPath, { schema: docs.create }, async (request, reply) => {
    const params = parseParams(BrandParams, request.params);
    const access = await managerOf(currentUser(request).id, params.brand);
    const { domain } = parseInput(CreateSendingDomainRequestSchema, request.body);
    return sendAs(reply, SendingDomainSchema, await addSendingDomain(db, secret, access.organizationId, domain, settings), 201);
  });

  app.delete(onePath, { schema: docs.remove }, async (request, reply) => {
    const params = parseParams(DomainParams, request.params);
    const access = await managerOf(currentUser(request).id, params.brand);
    await deleteSendingDomain(db, access.organizationId, params.id);
    senders.forget();
    return reply.code(204).send();
  });

  app.post(checkPath, { schema: docs.check }, async (request, reply) => {
    const params = parseParams(DomainParams, request.params);
    const access = await managerOf(currentUser(request).id, params.brand);
    const checked = await checkSendingDomain(db, lookup, access.organizationId, params.id, settings);
    senders.forget();
    return sendAs(reply, SendingDomainSchema, checked);
  });

  app.post(rotatePath, { schema: docs.rotate }, async (request, reply) => {
    const params = parseParams(DomainParams, request.params);
    const access = await managerOf(currentUser(request).id, params.brand);
    return sendAs(reply, SendingDomainSchema, await rotateDkimKey(db, secret, access.organizationId, params.id, settings));
  });

  app.get(routePattern(platformPaths.deliverabilityChecks(':brand')), { schema: docs.checks }, async (request, reply) => {
    const params = parseParams(BrandParams, request.params);
    const access = await brandBySlug(db, currentUser(request).id, params.brand);
    return sendAs(reply, DeliverabilityChecksSchema, manages(access) ? await organizationChecks(db, access.organizationId, settings) : []);
  });
};
