import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import { confirmRequest, findRequest, signUp } from '../audience/public-signup';
import type { Db } from '../db/database';
import { platformUrlOf } from '../delivery/letter-render';
import type { MailTransport } from '../delivery/mail-transport';
import { jsonSchemaOf } from '../http/api-docs';
import type { DeliveryScheduler } from '../jobs/job-runner';
import { ArchiveChannelParams, ArchiveChannelQuery, archiveChannel } from '../pages/archive-records';
import { invalidLinkPage, pageErrorHandler, sendPage } from '../pages/page-replies';
import { renderPublicPage } from '../pages/public-page';
import { routePattern } from './route-params';

// A channel's public subscribe form (issue 32): `/subscribe/{channel}` (?brand= when the slug
// repeats across brands) shows it; a POST — the form's fields, or JSON from a website's own
// form — signs the reader up (audience/public-signup.ts): subscribed at once, or a
// confirmation email first when the channel asks for double opt-in. Sign-ups are limited per
// address (SIGNUPS_PER_MINUTE); an unknown channel is the neutral 404 page.

const text = PUBLIC_PAGE_TEXT.en;

/** Sign-up posts one address (IP) may make per minute, per route. */
export const SIGNUPS_PER_MINUTE = 10;
const FORM_BODY_LIMIT = 8 * 1024;

const formPath = routePattern(publicPagePaths.subscribe(':channelSlug'));
const confirmPath = routePattern(publicPagePaths.confirmSubscription(':channelSlug', ':token'));

const ConfirmParams = ArchiveChannelParams.extend({ token: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/) });

/** What a sign-up carries: the address and, optionally, a first name. */
const SignupBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  name: z.string().trim().max(200).default(''),
});
const SignupDocsBody = z.object({ email: z.string().describe("The reader's email address"), name: z.string().optional().describe('Their first name') });

const htmlAnswer = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const pageResponses = {
  200: htmlAnswer('The page'),
  '4xx': htmlAnswer('The form again with what is wrong (422), the neutral 404 page for an unknown channel or link, or a page saying to wait (429)'),
  '5xx': htmlAnswer('A page saying something went wrong'),
};

function channelName(channel: { channelName: string; title: string }): string {
  return channel.channelName.trim() || channel.title || text.unnamedChannel;
}

function formPage(channel: { slug: string; channelName: string; title: string }, brand: string | undefined, problem?: string, values?: { email: string; name: string }) {
  return renderPublicPage({
    title: text.subscribeTitle(channelName(channel)),
    lead: problem ?? text.subscribeLead,
    forms: [
      {
        action: publicPagePaths.subscribe(channel.slug, brand),
        label: text.subscribeButton,
        fields: [
          { name: 'email', label: text.subscribeEmailLabel, type: 'email', required: true, autocomplete: 'email', value: values?.email ?? '' },
          { name: 'name', label: text.subscribeNameLabel, type: 'text', autocomplete: 'given-name', value: values?.name ?? '' },
        ],
      },
    ],
  });
}

function formFields(body: unknown): { email: unknown; name: unknown } {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    return { email: fields.email, name: fields.name };
  }
  return { email: undefined, name: undefined };
}

export const publicSubscribeRoutes: FastifyPluginAsync<{
  db: Db;
  mail: MailTransport;
  publicUrl: string | null;
  delivery: DeliveryScheduler | null;
}> = async (app, { db, mail, publicUrl, delivery }) => {
  // Pages as the other public pages answer them (pages/page-replies.ts), reading the form's
  // fields (urlencoded) or a website's JSON as plain fields, nothing else.
  app.removeAllContentTypeParsers();
  const options = { parseAs: 'string' as const, bodyLimit: FORM_BODY_LIMIT };
  app.addContentTypeParser('application/x-www-form-urlencoded', options, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('application/json', options, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(null, {});
    }
  });
  app.addContentTypeParser('*', options, (_request, _body, done) => done(null, {}));
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode === 429) {
      return sendPage(reply, renderPublicPage({ title: text.tooManySignUpsTitle, lead: text.tooManySignUpsLead }), 429);
    }
    return pageErrorHandler(error, request, reply);
  });

  const config = { public: true };
  const limited = { ...config, rateLimit: { max: SIGNUPS_PER_MINUTE, timeWindow: '1 minute' } };
  const channelOf = async (request: FastifyRequest) => {
    const params = ArchiveChannelParams.safeParse(request.params);
    const query = ArchiveChannelQuery.safeParse(request.query);
    if (!params.success || !query.success) return null;
    const channel = await archiveChannel(db, params.data.channelSlug, query.data.brand);
    return channel ? { channel, brand: query.data.brand } : null;
  };
  const tellWelcomes = () => delivery?.welcomesOwed?.().catch((error: unknown) => app.log.warn({ err: error }, 'Could not queue welcomes'));

  app.get(
    formPath,
    {
      config,
      schema: {
        summary: "A channel's public subscribe form",
        params: jsonSchemaOf(ArchiveChannelParams, 'input'),
        querystring: jsonSchemaOf(ArchiveChannelQuery, 'input'),
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const found = await channelOf(request);
      if (!found) return sendPage(reply, invalidLinkPage(), 404);
      return sendPage(reply, formPage(found.channel, found.brand));
    },
  );

  app.post(
    formPath,
    {
      config: limited,
      schema: {
        summary: 'Sign up to a channel: subscribed at once, or a confirmation email first (double opt-in)',
        params: jsonSchemaOf(ArchiveChannelParams, 'input'),
        querystring: jsonSchemaOf(ArchiveChannelQuery, 'input'),
        body: {
          content: {
            'application/x-www-form-urlencoded': { schema: jsonSchemaOf(SignupDocsBody, 'input') },
            'application/json': { schema: jsonSchemaOf(SignupDocsBody, 'input') },
          },
        },
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const found = await channelOf(request);
      if (!found) return sendPage(reply, invalidLinkPage(), 404);
      const { channel, brand } = found;
      const fields = formFields(request.body);
      const parsed = SignupBody.safeParse(fields);
      if (!parsed.success) {
        const values = { email: typeof fields.email === 'string' ? fields.email : '', name: typeof fields.name === 'string' ? fields.name : '' };
        return sendPage(reply, formPage(channel, brand, text.subscribeInvalidEmail, values), 422);
      }
      const signup = await signUp(
        { db, mail, publicUrl: (publicUrl ?? platformUrlOf(request)).replace(/\/+$/, '') },
        channel,
        { email: parsed.data.email, firstName: parsed.data.name },
      );
      if (signup.joined) await tellWelcomes();
      const name = channelName(channel);
      const page =
        signup.outcome === 'subscribed'
          ? renderPublicPage({ title: text.subscribedTitle(name), lead: text.subscribedLead })
          : renderPublicPage({ title: text.confirmSentTitle, lead: text.confirmSentLead(name) });
      return sendPage(reply, page);
    },
  );

  const confirmDocs = (summary: string) => ({
    summary,
    params: jsonSchemaOf(ConfirmParams, 'input'),
    querystring: jsonSchemaOf(ArchiveChannelQuery, 'input'),
    response: pageResponses,
  });

  /** The channel and the waiting sign-up a confirmation link names, or null. */
  const linkOf = async (request: FastifyRequest) => {
    const params = ConfirmParams.safeParse(request.params);
    const found = await channelOf(request);
    if (!params.success || !found) return null;
    return { ...found, token: params.data.token };
  };

  // A GET only asks: mail scanners open links, and a scan must not subscribe anyone.
  app.get(confirmPath, { config, schema: confirmDocs('A confirmation link of a sign-up: asks to confirm') }, async (request, reply) => {
    const link = await linkOf(request);
    const waiting = link ? await findRequest(db, link.channel.id, link.token) : null;
    if (!link || !waiting) return sendPage(reply, invalidLinkPage(), 404);
    const name = channelName(link.channel);
    if (waiting.confirmedAt !== null) return sendPage(reply, renderPublicPage({ title: text.subscribedTitle(name), lead: text.subscribedLead }));
    return sendPage(
      reply,
      renderPublicPage({
        title: text.confirmTitle(name),
        lead: text.confirmLead,
        forms: [{ action: publicPagePaths.confirmSubscription(link.channel.slug, link.token) + (link.brand ? `?brand=${encodeURIComponent(link.brand)}` : ''), label: text.confirmButton }],
      }),
    );
  });

  app.post(confirmPath, { config: limited, schema: confirmDocs('Confirm a sign-up: the reader becomes a subscriber') }, async (request, reply) => {
    const link = await linkOf(request);
    const joined = link ? await confirmRequest(db, link.channel.id, link.token) : null;
    if (!link || joined === null) return sendPage(reply, invalidLinkPage(), 404);
    if (joined) await tellWelcomes();
    const name = channelName(link.channel);
    return sendPage(reply, renderPublicPage({ title: text.subscribedTitle(name), lead: text.subscribedLead }));
  });
};
