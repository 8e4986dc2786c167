import type { FastifyPluginAsync } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { DeliveryEventsQuerySchema, DeliveryEventsResponseSchema } from '../../shared/contract/platform-delivery-events';
import type { Db } from '../db/database';
import { deliveryEventsSince } from '../delivery/delivery-events';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';

// GET /api/sync/delivery-events?since=<cursor|0|now>: scheduled sends of the caller's letters
// starting, finishing or stopping, in commit order, a page at a time
// (delivery/delivery-events.ts). The desktop app shows them as notifications.

const docs = routeDocs({
  summary: "Delivery events of the caller's letters since a cursor, in commit order ('now': none, and the current cursor)",
  querystring: DeliveryEventsQuerySchema,
  response: { 200: DeliveryEventsResponseSchema },
});

export const deliveryEventsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(platformPaths.deliveryEvents(), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(DeliveryEventsQuerySchema, request.query);
    const events = await deliveryEventsSince(db, user.id, query.since, query.limit);
    return sendAs(reply, DeliveryEventsResponseSchema, events);
  });
};
