import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  EditionReportResponseSchema,
  HourPerformanceResponseSchema,
  OpensByCountryResponseSchema,
  ReportCsvQuerySchema,
  SentEmailResponseSchema,
  ReportCsvTypeSchema,
  TopLinksResponseSchema,
  UserActivityQuerySchema,
  UserActivityResponseSchema,
} from '../../shared/contract/platform-reports';
import type { ReportCsvQuery } from '../../shared/contract/platform-reports';
import { ActivityQuerySchema } from '../../shared/contract/platform-metrics';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, toLetter } from '../letters/letter-records';
import { sentLetterCopies } from '../pages/sent-letter-copy';
import type { LetterRecord } from '../letters/letter-records';
import { reportCsv, userActivityCsv } from '../reports/report-csv';
import type { CsvDownload } from '../reports/report-csv';
import { editionReport, hourPerformance, opensByCountry, topLinks, userActivity } from '../reports/report-queries';
import { activityOf, idParam, parseParams, routePattern } from './route-params';

// An edition's report (spec 1 §7 GET brands/{b}/channels/{c}/letters/{id}/metrics and its
// subpaths): for members of the letter's brand, like the other letter calls (401 without a
// token, 403 another tenant's brand, 404 a letter not in the channel).

const Params = z.object({ brand: z.string().min(1), channel: z.string().min(1), id: idParam });
const CsvParams = Params.extend({ type: z.string() });
const placeholders = { b: ':brand', c: ':channel', 1: ':id' };
const path = (build: (b: string, c: string, id: number) => string) => routePattern(build('b', 'c', 1), placeholders);

const CsvActivityQuerySchema = UserActivityQuerySchema.pick({ filter: true, search: true });

export const REPORT_CSV_TYPE_MESSAGE = 'Choose recipients, opens, clicks, bounces or unsubscribes.';
export const REPORT_CSV_RANGE_MESSAGE = 'The end date must be on or after the start date.';

const csvAnswer = (summary: string, params: z.ZodType, querystring: z.ZodType) => {
  const schema = routeDocs({ summary, params, querystring });
  return {
    ...schema,
    response: {
      ...(schema.response as object),
      200: { description: 'A CSV file (RFC 4180, UTF-8), streamed', content: { 'text/csv': { schema: { type: 'string' } } } },
    },
  };
};

const docs = {
  report: routeDocs({
    summary: "An edition's report: counts, A/B results and the letter's facts",
    params: Params,
    querystring: ActivityQuerySchema,
    response: { 200: EditionReportResponseSchema },
  }),
  hours: routeDocs({
    summary: 'Opens and clicks per hour since the send began',
    params: Params,
    querystring: ActivityQuerySchema,
    response: { 200: HourPerformanceResponseSchema },
  }),
  countries: routeDocs({ summary: "Readers by their first open's country", params: Params, response: { 200: OpensByCountryResponseSchema } }),
  topLinks: routeDocs({
    summary: 'Top clicked links (legacy shape before 2023-12-15)',
    params: Params,
    querystring: ActivityQuerySchema,
    response: { 200: TopLinksResponseSchema },
  }),
  activity: routeDocs({
    summary: 'Who the send was for and what each did with it, paged',
    params: Params,
    querystring: UserActivityQuerySchema,
    response: { 200: UserActivityResponseSchema },
  }),
  sentEmail: routeDocs({
    summary: 'The email the latest send used, per variant, as its public page shows it (empty before a send was kept)',
    params: Params,
    response: { 200: SentEmailResponseSchema },
  }),
  activityCsv: csvAnswer('User activity as CSV (every recipient the filter and search keep)', Params, CsvActivityQuerySchema),
  csv: csvAnswer('A report CSV: recipients, opens, clicks, bounces or unsubscribes, from/to on the channel clock', CsvParams, ReportCsvQuerySchema),
};

function csvRange(query: unknown): ReportCsvQuery {
  // The schema holds each day to the calendar; the pair is checked here.
  const range = parseInput(ReportCsvQuerySchema, query);
  if (range.from && range.to && range.from > range.to) throw invalidData({ to: [REPORT_CSV_RANGE_MESSAGE] });
  return range;
}

function sendCsv(reply: FastifyReply, download: CsvDownload): FastifyReply {
  return reply
    .code(200)
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-store, private')
    .send(Readable.from(download.body));
}

export const editionReportRoutes: FastifyPluginAsync<{ db: Db; publicUrl?: string | null }> = async (app, { db, publicUrl }) => {
  /** The letter the path names, in a channel the caller may read; 403/404 otherwise. */
  const reportOf = async (request: FastifyRequest): Promise<{ letter: LetterRecord; channel: ChannelRow }> => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    const letter = await findLetter(db, channel.id, params.id);
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return { letter, channel };
  };
  // Without a configured public address the platform's own is the public pages' host.
  const publicHost = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;
  const scopeOf = (letter: LetterRecord, channel: ChannelRow) => ({
    letterId: letter.id,
    channelId: channel.id,
    channelSlug: channel.slug,
    timezone: channel.timezone,
  });

  app.get(path(platformPaths.report), { schema: docs.report }, async (request, reply) => {
    const { letter, channel } = await reportOf(request);
    const report = await editionReport(db, letter, channel, publicHost(request), activityOf(request.query));
    return sendAs(reply, EditionReportResponseSchema, { items: [report] });
  });

  app.get(path(platformPaths.reportHourPerformance), { schema: docs.hours }, async (request, reply) => {
    const { letter } = await reportOf(request);
    return sendAs(reply, HourPerformanceResponseSchema, { items: await hourPerformance(db, letter.id, activityOf(request.query)) });
  });

  app.get(path(platformPaths.reportOpensByCountry), { schema: docs.countries }, async (request, reply) => {
    const { letter } = await reportOf(request);
    return sendAs(reply, OpensByCountryResponseSchema, { items: await opensByCountry(db, letter.id) });
  });

  app.get(path(platformPaths.reportTopLinks), { schema: docs.topLinks }, async (request, reply) => {
    const { letter } = await reportOf(request);
    return sendAs(reply, TopLinksResponseSchema, await topLinks(db, letter, activityOf(request.query)));
  });

  app.get(path(platformPaths.reportUserActivity), { schema: docs.activity }, async (request, reply) => {
    const { letter, channel } = await reportOf(request);
    const query = parseInput(UserActivityQuerySchema, request.query);
    return sendAs(reply, UserActivityResponseSchema, await userActivity(db, { letterId: letter.id, channelId: channel.id }, query));
  });

  app.get(path(platformPaths.reportSentEmail), { schema: docs.sentEmail }, async (request, reply) => {
    const { letter, channel } = await reportOf(request);
    return sendAs(reply, SentEmailResponseSchema, { items: await sentLetterCopies(db, toLetter(letter), channel) });
  });

  app.get(path(platformPaths.reportUserActivityCsv), { schema: docs.activityCsv }, async (request, reply) => {
    const { letter, channel } = await reportOf(request);
    const query = parseInput(CsvActivityQuerySchema, request.query);
    return sendCsv(reply, userActivityCsv(db, scopeOf(letter, channel), query));
  });

  app.get(
    routePattern(platformPaths.reportCsv('b', 'c', 1, ':type'), placeholders),
    { schema: docs.csv },
    async (request, reply) => {
      const { letter, channel } = await reportOf(request);
      const type = ReportCsvTypeSchema.safeParse((request.params as { type?: unknown }).type);
      if (!type.success) throw invalidData({ type: [REPORT_CSV_TYPE_MESSAGE] });
      return sendCsv(reply, reportCsv(db, scopeOf(letter, channel), type.data, csvRange(request.query)));
    },
  );
};
