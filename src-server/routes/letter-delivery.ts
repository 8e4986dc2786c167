import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  GeneratePreviewRequestSchema,
  GeneratePreviewResponseSchema,
  LocalMailboxPreviewSchema,
  LocalMailboxResponseSchema,
  TEST_SENT_MESSAGE,
  TestEmailRequestSchema,
  TestEmailResponseSchema,
} from '../../shared/contract/platform-delivery';
import { letterInsights } from '../../shared/render';
import type { Db } from '../db/database';
import { platformUrlOf, renderInChannel } from '../delivery/letter-render';
import { listLocalMailbox } from '../delivery/local-mailbox';
import { keptEmailPreview } from '../delivery/local-mailbox-preview';
import type { MailTransport } from '../delivery/mail-transport';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { promotionLookup } from '../../shared/render/merge-values';
import { settlePromotionSlots } from '../../shared/render/promotion-fill';
import { sendTestEmail } from '../delivery/test-send';
import { channelById, channelsBySlug } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { fieldErrorsFromZod, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, selectLetters, toLetter } from '../letters/letter-records';
import { resolveLetterId } from '../letters/letter-queries';
import { idParam, parseParams, routePattern } from './route-params';

// Spec 1 §7: generate-preview (renders, stores nothing), the two test-send paths, and the
// local mailbox that holds test emails when no SMTP server is configured.

const SlugRefParams = z.object({ slug: z.string().min(1), ref: z.string().min(1) });
const ChannelIdParams = z.object({ channelId: idParam, id: idParam });
const byChannelId = { 1: ':channelId', 2: ':id' };
const MailboxIdParams = z.object({ id: idParam });
export const KEPT_EMAIL_NOT_FOUND_MESSAGE = 'This email is not in your local mailbox.';

export interface LetterDeliveryOptions {
  db: Db;
  mail: MailTransport;
  /** Who a test email's curated blocks may fetch, as a send's. */
  fetchGuard: FetchGuard;
}

/** The composer shows `message` as it is, so a refused address says what is wrong rather than "invalid data". */
function parseTestRequest(body: unknown) {
  const parsed = TestEmailRequestSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsFromZod(parsed.error);
  throw invalidData(errors, Object.values(errors)[0]?.[0]);
}

const docs = {
  preview: routeDocs({
    summary: "Render a letter (its stored blocks, or the body's) as the email it would send, with its insights",
    params: SlugRefParams,
    body: GeneratePreviewRequestSchema,
    response: { 200: GeneratePreviewResponseSchema },
  }),
  testSend: routeDocs({
    summary: 'Send the letter as a test email to one address',
    params: ChannelIdParams,
    body: TestEmailRequestSchema,
    response: { 200: TestEmailResponseSchema },
    serviceErrors: { 502: 'The mail server refused or failed the test email' },
  }),
  mailbox: routeDocs({ summary: "The emails the platform kept instead of sending (no SMTP server), the caller's channels only", response: { 200: LocalMailboxResponseSchema } }),
  mailboxPreview: routeDocs({
    summary:
      'A kept email as the app shows it: without its open pixel, each tracked link pointing where it leads, so viewing it records no open and following a link no click',
    params: MailboxIdParams,
    response: { 200: LocalMailboxPreviewSchema },
  }),
};

export const letterDeliveryRoutes: FastifyPluginAsync<LetterDeliveryOptions> = async (app, { db, mail, fetchGuard }) => {
  app.post(routePattern(platformPaths.generatePreview(':slug', ':ref')), { schema: docs.preview }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(SlugRefParams, request.params);
    const accesses = await channelsBySlug(db, user.id, params.slug);
    const body = parseInput(GeneratePreviewRequestSchema, request.body ?? {});
    const { id } = await resolveLetterId(db, accesses.map((access) => access.channel.id), params.ref);
    const record = await selectLetters(db).where('letters.id', '=', id).where('letters.deletedAt', 'is', null).executeTakeFirst();
    const access = accesses.find((candidate) => candidate.channel.id === record?.channelId);
    if (!record || !access) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    if (body.letterId != null && String(body.letterId) !== String(record.id) && body.letterId !== record.uniqueId) {
      throw invalidData({ letterId: ['This is not the letter in the path.'] });
    }
    const letter = toLetter(record);
    const rendered = await renderInChannel(db, access.channel, letter, platformUrlOf(request), body.blocks);
    // Slots with no promotion keep their merge tags for the sending step.
    const emailTemplate =
      body.promotions.length > 0 ? fillMergeTags(settlePromotionSlots(rendered.html, body.promotions), promotionLookup(body.promotions), 'html') : rendered.html;
    return sendAs(reply, GeneratePreviewResponseSchema, {
      data: {
        emailTemplate,
        insights:
          emailTemplate === rendered.html
            ? rendered.insights
            : letterInsights(emailTemplate, { platformUrl: platformUrlOf(request), emptyTextBlocks: rendered.insights.flags.emptyTextBlocks, emptyImageSlots: rendered.insights.flags.emptyImageSlots }),
        settings: { esp_template_id: letter.settings.esp_template_id ?? null },
      },
    });
  });

  const testSend = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelIdParams, request.params);
    const access = await channelById(db, user.id, params.channelId);
    const { toEmail } = parseTestRequest(request.body);
    const receipt = await sendTestEmail(db, mail, {
      access,
      letterId: params.id,
      toEmail,
      userId: user.id,
      platformUrl: platformUrlOf(request),
      fetchGuard,
    });
    return sendAs(reply, TestEmailResponseSchema, { message: TEST_SENT_MESSAGE, ...receipt });
  };
  app.post(routePattern(platformPaths.sendTestEmail(1, 2), byChannelId), { schema: docs.testSend }, testSend);
  app.post(routePattern(platformPaths.testEmail(1, 2), byChannelId), { schema: docs.testSend }, testSend);

  app.get(platformPaths.localMailbox(), { schema: docs.mailbox }, async (request, reply) => {
    const user = currentUser(request);
    return sendAs(reply, LocalMailboxResponseSchema, { items: await listLocalMailbox(db, user.id), smtpConfigured: mail.kind === 'smtp' });
  });

  app.get(routePattern(platformPaths.localMailboxPreview(1), { 1: ':id' }), { schema: docs.mailboxPreview }, async (request, reply) => {
    const user = currentUser(request);
    const parsed = MailboxIdParams.safeParse(request.params);
    const html = parsed.success ? await keptEmailPreview(db, user.id, parsed.data.id, platformUrlOf(request)) : null;
    if (html === null) throw notFound(KEPT_EMAIL_NOT_FOUND_MESSAGE);
    return sendAs(reply, LocalMailboxPreviewSchema, { html });
  });
};
