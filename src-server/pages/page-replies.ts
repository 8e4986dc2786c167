import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, PUBLIC_PAGE_TEXT, READER_LINK_PARAMS } from '../../shared/contract/public-pages';
import { readReaderLinkQuery } from '../audience/reader-links';
import type { ReaderLinkAction, ReaderLinks } from '../audience/reader-links';
import { SubscriberLinkParams, subscriberForLink } from '../audience/subscriber-links';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import type { Db } from '../db/database';
import { jsonSchemaOf } from '../http/api-docs';
import { HttpError, notFound } from '../http/errors';
import { NUL_IN_ADDRESS_MESSAGE } from '../http/nul-guard';
import { PAGE_HEADERS } from './page-security';
import { renderPublicPage } from './public-page';

// How the public pages talk HTTP, inside their own encapsulated plugins: every answer is
// an HTML page with the strict headers (refusals and faults too, never the API's JSON),
// and a POST body is read only for the one thing it can say: that it is an RFC 8058
// one-click. Any other body, of any type, is a plain form post: the POST is the action.

/** What a page's POST body says. */
export interface PageFormBody {
  oneClick: boolean;
}

/** A one-click body is 26 bytes and the pages' own forms send none. */
const FORM_BODY_LIMIT = 8 * 1024;

const text = PUBLIC_PAGE_TEXT.en;

function urlencodedOneClick(body: string): boolean {
  return new URLSearchParams(body).getAll(ONE_CLICK_FIELD).includes(ONE_CLICK_VALUE);
}

/** Enough of multipart/form-data (RFC 7578) to find one text field; RFC 8058 allows it. */
function multipartOneClick(body: string, contentType: string): boolean {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return false;
  return body.split(`--${boundary}`).some((part) => {
    const blank = /\r?\n\r?\n/.exec(part);
    if (!blank) return false;
    const headers = part.slice(0, blank.index);
    const value = part.slice(blank.index + blank[0].length).replace(/\r?\n$/, '');
    const name = /^content-disposition:\s*form-data;.*?\bname="([^"]*)"/im.exec(headers)?.[1];
    return name === ONE_CLICK_FIELD && value === ONE_CLICK_VALUE;
  });
}

/** Replaces the app's JSON-only body parsing and error answers for the plugin it is called in. */
export function usePageReplies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const options = { parseAs: 'string' as const, bodyLimit: FORM_BODY_LIMIT };
  app.addContentTypeParser('application/x-www-form-urlencoded', options, (_request, body, done) => {
    done(null, { oneClick: urlencodedOneClick(String(body)) } satisfies PageFormBody);
  });
  app.addContentTypeParser('multipart/form-data', options, (request, body, done) => {
    done(null, { oneClick: multipartOneClick(String(body), request.headers['content-type'] ?? '') } satisfies PageFormBody);
  });
  app.addContentTypeParser('*', options, (_request, _body, done) => {
    done(null, { oneClick: false } satisfies PageFormBody);
  });
  app.setErrorHandler(pageErrorHandler);
}

/** The subscriber the link names, or the neutral 404 page. */
export async function requireLinkedSubscriber(db: Db, params: unknown): Promise<LinkedSubscriber> {
  const subscriber = await subscriberForLink(db, params);
  if (!subscriber) throw notFound();
  return subscriber;
}

/** The reader a signed link names, and the letter it came from. */
export interface SignedLink {
  subscriber: LinkedSubscriber;
  letterId: number;
  signature: string;
}

/**
 * The subscriber a link names with the letter and signature its query carries, checked for
 * `action` before the database is asked; anything short of that is the neutral 404 page.
 * An undo of an unsubscribe passes null: its signature names the unsubscribe, checked by
 * the route against the subscriber's state.
 */
export async function requireSignedLink(db: Db, links: ReaderLinks, action: ReaderLinkAction | null, request: FastifyRequest): Promise<SignedLink> {
  const query = readReaderLinkQuery(request.query);
  const params = SubscriberLinkParams.safeParse(request.params);
  if (!query || !params.success) throw notFound();
  const claim = { subscriberUniqueId: params.data.uniqueId, letterId: query.letterId };
  if (action !== null && !links.verify({ action, ...claim }, query.signature)) throw notFound();
  return { subscriber: await requireLinkedSubscriber(db, params.data), ...query };
}

export function readFormBody(request: FastifyRequest): PageFormBody {
  const body = request.body as Partial<PageFormBody> | undefined;
  return { oneClick: body?.oneClick === true };
}

export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
}

export function sendOneClickAnswer(reply: FastifyReply, line: string): FastifyReply {
  return reply.code(200).headers(PAGE_HEADERS).type('text/plain; charset=utf-8').send(`${line}\n`);
}

/**
 * Any other address under a page's prefix (a link cut short by a mail client, say) gets the
 * neutral 404 page too, rather than the API's "Sign in to continue." that an unmatched
 * address would otherwise meet first.
 */
export function answerCutLinks(app: FastifyInstance, prefix: string): void {
  const options = {
    config: { public: true },
    schema: { summary: 'A public link cut short: the neutral invalid-link page (404)', response: { '4xx': htmlAnswer('The neutral invalid-link page') } },
  };
  const answer = (_request: FastifyRequest, reply: FastifyReply) => sendPage(reply, invalidLinkPage(), 404);
  app.get(`${prefix}/*`, options, answer);
  app.post(`${prefix}/*`, options, answer);
}

/** Unknown, foreign or malformed links all read the same, so a page tells nothing about what exists. */
export function invalidLinkPage(): string {
  return renderPublicPage({ title: text.invalidLinkTitle, lead: text.invalidLinkLead });
}

export function pageErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error instanceof HttpError ? error.statusCode : 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  // A NUL in the address (refused before any handler) is one more malformed link.
  if (status === 404 || (status === 400 && error.message === NUL_IN_ADDRESS_MESSAGE)) {
    void sendPage(reply, invalidLinkPage(), 404);
  } else if (status >= 400 && status < 500) {
    void sendPage(reply, renderPublicPage({ title: text.refusedTitle, lead: text.refusedLead }), status);
  } else {
    request.log.error({ err: error }, 'public page failed');
    void sendPage(reply, renderPublicPage({ title: text.faultTitle, lead: text.faultLead }), 500);
  }
}

const htmlAnswer = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const oneClickFields = { type: 'object', properties: { [ONE_CLICK_FIELD]: { type: 'string', enum: [ONE_CLICK_VALUE] } } };

/** Optional to the router: a link without them is answered with the neutral page, not a 400. */
const ReaderLinkQuery = z.object({
  [READER_LINK_PARAMS.letter]: z.string().optional().describe('The id of the letter whose email the link came in'),
  [READER_LINK_PARAMS.signature]: z
    .string()
    .optional()
    .describe("The platform's signature of the action, the reader and the letter; a link without a valid one changes nothing"),
});

/** The OpenAPI entry of a page: its link's parameters and, for a POST, the one-click body. */
export function pageDocs(summary: string, method: 'GET' | 'POST'): FastifySchema {
  return {
    summary,
    params: jsonSchemaOf(SubscriberLinkParams, 'input'),
    querystring: jsonSchemaOf(ReaderLinkQuery, 'input'),
    ...(method === 'POST'
      ? {
          body: {
            content: {
              'application/x-www-form-urlencoded': { schema: oneClickFields },
              'multipart/form-data': { schema: oneClickFields },
            },
          },
        }
      : {}),
    response: {
      200:
        method === 'POST'
          ? { description: 'The answer page (plain text for an RFC 8058 one-click)', content: { 'text/html': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } } }
          : htmlAnswer('The page'),
      '4xx': htmlAnswer('A page saying the link is not valid (404 for any unknown, foreign or malformed link)'),
      '5xx': htmlAnswer('A page saying something went wrong'),
    },
  };
}
