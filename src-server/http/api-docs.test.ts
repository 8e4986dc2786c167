import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { API_DOCS_PATH, jsonSchemaOf } from './api-docs';

// The OpenAPI document lists every route the app has, with what each takes and answers,
// and documenting a route changes nothing about how it answers.

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const routes: Array<{ method: string; url: string }> = [];
let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  const response = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
  expect(response.statusCode).toBe(200);
  doc = JSON.parse(response.body) as Document;
});
afterAll(async () => {
  await t?.close();
});

/** `/api/channels/:slug/letters/:id` → `/api/channels/{slug}/letters/{id}` */
// A trailing wildcard (the public pages' cut-link answer) is the parameter '*' to @fastify/swagger.
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document with paths, components and bearer security', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(doc.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } });
    expect(doc.components.schemas).toEqual(expect.any(Object));
  });

  it('lists every registered route with its method and path', () => {
    // Fastify adds a HEAD twin to each GET; the document leaves those out.
    const registered = routes.filter((route) => route.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(20);
    for (const { method, url } of registered) {
      expect(doc.paths[openapiPath(url)]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    }
    const documented = Object.values(doc.paths).reduce((n, operations) => n + Object.keys(operations).length, 0);
    expect(documented).toBe(registered.length);
  });

  it('names every path parameter of every route', () => {
    for (const { method, url } of routes.filter((route) => route.method !== 'HEAD')) {
      const names = [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((match) => match[1] ?? '*');
      const operation = doc.paths[openapiPath(url)]![method.toLowerCase()]!;
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name).sort(), `${method} ${url}`).toEqual([...names].sort());
      expect(inPath.every((p) => p.required)).toBe(true);
    }
  });

  it('describes bodies, queries and answers from the zod schemas', () => {
    const autosave = doc.paths['/api/channels/{channelId}/letters/{id}/autosave']!.post!;
    const body = autosave.requestBody!.content['application/json']!.schema as { required: string[] };
    // baseVersion is optional: the spec's autosave payload has none (decisions.md "API truth").
    expect(body.required).toEqual(expect.arrayContaining(['blocks', 'title', 'claimant', 'uniqueId']));
    expect(body.required).not.toContain('baseVersion');
    const ok = autosave.responses['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(ok.properties)).toEqual(expect.arrayContaining(['id', 'uniqueId', 'version', 'title']));
    const refused = autosave.responses['4XX']!.content!['application/json']!.schema as { required: string[] };
    expect(refused.required).toEqual(['message']);

    const list = doc.paths['/api/channels/{slug}/letters']!.get!;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['page']));
    const importing = doc.paths['/api/brands/{brand}/channels/{channel}/subscribers/import']!.post!;
    expect(Object.keys(importing.requestBody!.content).sort()).toEqual(['application/json', 'text/csv']);
    expect(doc.paths['/api/auth/logout']!.post!.responses['204']).toBeDefined();
  });

  it('marks the calls that need no token', () => {
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    expect(doc.paths['/api/me']!.get!.security).toBeUndefined();
  });
});

describe('documentation does not validate', () => {
  it('keeps the zod messages: a wrong body is still 422 with field messages, not a schema 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'The given data was invalid.', errors: { email: expect.any(Array) } });
  });

  it('puts the definitions of a recursive schema in components, referenced from there', () => {
    type Node = { name: string; children: Node[] };
    const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(NodeSchema) }));
    const json = JSON.stringify(jsonSchemaOf(z.object({ root: NodeSchema }), 'input'));
    expect(json).toMatch(/"\$ref":"#\/components\/schemas\/Schema\d+"/);
    expect(json).not.toContain('#/definitions/');
    // A schema that is itself the recursion would say `$ref: '#'`, meaningless in the document.
    expect(jsonSchemaOf(NodeSchema, 'output')).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\/Schema\d+$/) });
  });
});
