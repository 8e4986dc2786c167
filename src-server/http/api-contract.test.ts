import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { issueToken } from '../auth/tokens';
import { createOpenAiCompatibleClient } from '../integrations/ai-client';
import { createEvvntProvider } from '../integrations/evvnt-provider';
import { createDiskImageStorage } from '../integrations/image-storage';
import { createNewsApiProvider } from '../integrations/news-provider';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { NEWS_API_KEY, startEvvnt, startNewsApi } from '../testing/loopback-providers';
import type { LoopbackServer } from '../testing/loopback-server';
import { AnswerChecker } from '../testing/openapi-answers';
import { operationRequests, type OpenApiDocument, type Operation } from '../testing/openapi-requests';
import { SchemaValues, type JsonSchema } from '../testing/openapi-schema-values';
import { INT4_MAX, INT4_MIN } from '../../shared/model/column-ranges';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../testing/openai-compatible-server';
import { createDemoTargets, demoParam, type DemoTargets } from '../testing/route-walk';
import { createTestApp, type TestApp } from '../testing/test-app';
import { API_DOCS_PATH } from './api-docs';

// The platform answers what its OpenAPI document says. For every documented operation,
// requests are generated from the document itself — valid ones, and ones with a single
// mistake (a number out of any column's range, a day that does not exist, a wrong type, a
// missing field) — and sent, signed in, to the platform with its outside services on
// loopback. Every answer must be a status the document lists for the operation (never a
// 500), of a documented content type, with a body that fits the documented schema.
// Generation is seeded: a failure names its seed and reproduces.

/** LETTERDESK_CONTRACT_RUNS raises it for a deeper hunt (120 found nothing more); the default keeps the file near a minute. */
const RUNS_PER_OPERATION = Number(process.env.LETTERDESK_CONTRACT_RUNS) || 30;
const SEED = Number(process.env.LETTERDESK_CONTRACT_SEED) || 31_2024;
const PUBLIC_URL = 'http://127.0.0.1:9';

const t: TestApp = await createTestApp();
const imagesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-contract-images-'));
const ai: OpenAiCompatibleServer = await startOpenAiCompatibleServer(() => ({ text: 'A subject\nAnother subject\nA third subject' }));
const news: LoopbackServer = await startNewsApi([]);
const evvnt: LoopbackServer = await startEvvnt([], []);
const runner: JobRunner = createJobRunner({ db: t.db, connectionString: t.connectionString, pollingIntervalSeconds: 5, warn: () => undefined });
// The platform as a deployment has it: background jobs and every outside service (on loopback).
const app: FastifyInstance = await buildApp({
  db: t.db,
  publicUrl: PUBLIC_URL,
  ai: createOpenAiCompatibleClient({ baseUrl: ai.baseUrl, model: 'contract-model', timeoutMs: 2_000 }),
  imageStorage: createDiskImageStorage(imagesDir),
  news: createNewsApiProvider({ baseUrl: news.url, apiKey: NEWS_API_KEY, timeoutMs: 2_000 }),
  events: createEvvntProvider({ baseUrl: evvnt.url, timeoutMs: 2_000 }),
  delivery: runner,
  dashboardExports: runner,
  promotionExports: runner,
  feeds: runner,
  bounceWebhookSecret: 'contract-webhook-secret',
  embedDashboardSecret: 'contract-embed-secret',
  // SpamAssassin takes about 2 s a run, 30 runs a minute: here the spam check answers as on a
  // platform without it (no program at this path), and routes/spam-check.test.ts holds its
  // scored answer to the same schema.
  spamAssassin: { path: path.join(imagesDir, 'no-spamassassin') },
});
const doc = (await app.inject({ method: 'GET', url: API_DOCS_PATH })).json<OpenApiDocument>();
const answers = new AnswerChecker(doc);
const values = new SchemaValues(doc.components.schemas);
// Deletes run last, so the other calls keep finding the letter, segment and poll they name.
const operations = Object.entries(doc.paths)
  .flatMap(([route, methods]) => Object.keys(methods).map((method) => ({ method, path: route })))
  .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
let targets: DemoTargets;

beforeAll(async () => {
  await runner.start({ publicUrl: PUBLIC_URL });
  targets = await createDemoTargets({ ...t, app }, 'Contract target');
});

afterAll(async () => {
  await app.close();
  await runner.stop();
  await Promise.all([ai.close(), news.close(), evvnt.close()]);
  await t.close();
  await fs.rm(imagesDir, { recursive: true, force: true });
});

/** A path value naming the test's own things (or the demo brand's), whatever the parameter. */
function pathValue(route: string, name: string): string {
  if (name === '*') return 'not/a/page';
  if (name === 'channelSlug') return 'weekly';
  if (name === 'ref' && route.includes('promotion-collaterals')) return '1';
  return demoParam({ method: 'GET', url: route.replace(/\{([^}]+)\}/g, ':$1') }, name, targets);
}

/** Distinct client addresses, so the sign-in limit never stands in for validation. */
let sent = 0;
const nextAddress = () => `10.31.${(++sent >> 8) & 255}.${sent & 255}`;

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

describe('the API answers what its OpenAPI document says', () => {
  it('documents enough operations to be worth walking', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it('documents every integer a request carries within a 32-bit column, so none can reach SQL out of range', () => {
    const unbounded: string[] = [];
    const visit = (raw: JsonSchema | undefined, where: string) => {
      if (!raw) return;
      const schema = values.resolve(raw);
      if (schema.type === 'integer' && !(typeof schema.minimum === 'number' && schema.minimum >= INT4_MIN && typeof schema.maximum === 'number' && schema.maximum <= INT4_MAX)) {
        unbounded.push(where);
      }
      for (const [name, inner] of Object.entries(schema.properties ?? {})) visit(inner, `${where}.${name}`);
      for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.items ? [schema.items] : [])]) visit(inner, where);
    };
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${method.toUpperCase()} ${route} ${parameter.in}:${parameter.name}`);
        for (const content of Object.values(operation.requestBody?.content ?? {})) visit(content.schema, `${method.toUpperCase()} ${route} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('answers a documented path asked with a method it does not document 405, with Allow', async () => {
    let checked = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      const url = route.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === '*' ? pathValue(route, name) : encodeURIComponent(pathValue(route, name))));
      const documented = Object.keys(methods).map((method) => method.toUpperCase());
      // The archive's pages sit behind a route constraint and stay the neutral 404 for other methods.
      if (documented.every((method) => app.findRoute({ method: method as 'GET', url }) === null)) continue;
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        // Another route may take this method at the same address (a slug where an id was): not this check's concern.
        if (documented.includes(method) || app.findRoute({ method, url }) !== null) continue;
        const response = await app.inject({ method, url, remoteAddress: nextAddress() });
        expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 200)}`).toBe(405);
        const allow = String(response.headers.allow).split(', ');
        expect(allow, `${method} ${url}`).toEqual(expect.arrayContaining([...documented, ...(documented.includes('GET') ? ['HEAD'] : [])]));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });

  for (const { method, path: route } of operations) {
    it(`${method.toUpperCase()} ${route}`, async () => {
      const operation: Operation = doc.paths[route]![method]!;
      const requests = operationRequests(method, route, operation, values, (name) => pathValue(route, name));
      const seed = SEED ^ hashOf(`${method} ${route}`);
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          // A fresh token each time: an operation may end its own session (logout).
          const token = await issueToken(t.db, targets.userId);
          const response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { authorization: `Bearer ${token}`, ...(request.contentType ? { 'content-type': request.contentType } : {}) },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            remoteAddress: nextAddress(),
          });
          const what = `${request.kind} ${request.method} ${request.url} ${typeof request.payload === 'string' ? request.payload.slice(0, 300) : ''}`;
          expect(response.statusCode, `${what}\n→ ${response.body.slice(0, 300)}`).not.toBe(500);
          const problem = answers.problem(operation, {
            status: response.statusCode,
            contentType: response.headers['content-type'] as string | undefined,
            body: response.body,
          });
          expect(problem, what).toBeNull();
        }),
        { numRuns: RUNS_PER_OPERATION, seed, endOnFailure: true },
      );
    });
  }
});
