import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, ApiErrorSchema } from '../../shared/contract/platform-api';

// The OpenAPI document (GET /api/docs/json), built by @fastify/swagger from each route's
// `schema`. Those schemas are made from the same zod schemas the handlers parse with, but
// they only document: validation stays in zod (http/validation.ts), so the messages and
// field errors clients rely on cannot change. Fastify is therefore given compilers that
// accept every request and serialize answers with plain JSON.stringify.

export const API_DOCS_PATH = `${API_PREFIX}/docs/json`;

type JsonSchema = Record<string, unknown>;

/** An answer that is not JSON (a CSV file, an image, a stream): its media types and what it is. */
export interface OtherAnswer {
  description: string;
  /** Media types; their bodies are text or bytes, so each has the schema `{ type: 'string' }`. */
  types: string[];
}

/** `{ description, types: ['text/csv'] }`: a CSV file, and so on. */
export const otherAnswer = (description: string, ...types: string[]): OtherAnswer => ({ description, types });

export interface RouteDocs {
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** A zod schema for a JSON body, or JSON schemas by content type. */
  body?: z.ZodType | { content: Record<string, JsonSchema> };
  /** Success answers by status code: a JSON body's zod schema, a body of another type, or `null` for none (204, 302). */
  response?: Record<number, z.ZodType | OtherAnswer | null>;
  /** Deliberate 5xx answers besides a fault's 500, each with when it comes (an outside service down, not configured). */
  serviceErrors?: Partial<Record<502 | 503, string>>;
}

/** Schemas named by hoisted `$ref`s (recursive zod schemas); shared with the document. */
const components: Record<string, JsonSchema> = {};
let hoisted = 0;
// Every app built in a process (tests build many) shares one conversion per schema.
const converted = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/** JSON Schema (OpenAPI 3.0 dialect) of a zod schema; `input` for requests, `output` for answers. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let json = converted[io].get(schema);
  if (!json) converted[io].set(schema, (json = convert(schema, io)));
  return json;
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a nullable enum (zod's
 * `z.enum([...]).nullable()`) lists null among its values, or a validator refuses null.
 */
function nullInEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullInEnums);
  if (value === null || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, nullInEnums(inner)])) as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  return schema;
}

function convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const generated = nullInEnums(z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' })) as JsonSchema;
  const { definitions, $defs, $schema: _dialect, ...rest } = generated;
  const local = { ...(definitions as Record<string, JsonSchema> | undefined), ...($defs as Record<string, JsonSchema> | undefined) };
  const selfReferring = JSON.stringify(rest).includes('"$ref":"#"');
  if (Object.keys(local).length === 0 && !selfReferring) return rest;
  // A recursive schema refers to its own definitions (or to itself, `#`); in the document
  // those must live in components, under names unique across every route.
  const names = new Map(Object.keys(local).map((name) => [`#/definitions/${name}`, `Schema${++hoisted}`]));
  for (const name of Object.keys(local)) names.set(`#/$defs/${name}`, names.get(`#/definitions/${name}`)!);
  if (selfReferring) names.set('#', `Schema${++hoisted}`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const name = key === '$ref' && typeof inner === 'string' ? names.get(inner) : undefined;
        return [key, name ? `#/components/schemas/${name}` : rewrite(inner)];
      }),
    );
  };
  for (const [name, definition] of Object.entries(local)) {
    components[names.get(`#/definitions/${name}`)!] = rewrite(definition) as JsonSchema;
  }
  if (!selfReferring) return rewrite(rest) as JsonSchema;
  const root = names.get('#')!;
  components[root] = rewrite(rest) as JsonSchema;
  return { $ref: `#/components/schemas/${root}` };
}

const errorSchema = jsonSchemaOf(ApiErrorSchema, 'output');
const errorAnswer = { description: 'Refused: `message` says why; `errors` holds field messages', ...errorSchema };
/** Any call can fail on a fault of the platform's own; the contract test holds every call to never doing it. */
export const faultAnswer = { description: "A fault of the platform's: 'Something went wrong on the platform.'", ...errorSchema };

/** The refusals and faults of a JSON call, for a route whose `schema` is written by hand. */
export function failureAnswers(serviceErrors: RouteDocs['serviceErrors'] = {}): Record<string, unknown> {
  const answers: Record<string, unknown> = { '4xx': errorAnswer, 500: faultAnswer };
  for (const [status, description] of Object.entries(serviceErrors)) answers[status] = { ...errorSchema, description };
  return answers;
}

/** The route `schema` documenting a call, made from the zod schemas its handler uses. */
export function routeDocs(docs: RouteDocs): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(docs.response ?? {})) {
    if (schema === null) response[status] = { description: 'No content', type: 'null' };
    else if (schema instanceof z.ZodType) response[status] = { description: 'Success', ...jsonSchemaOf(schema, 'output') };
    else response[status] = { description: schema.description, content: Object.fromEntries(schema.types.map((type) => [type, { schema: { type: 'string' } }])) };
  }
  Object.assign(response, failureAnswers(docs.serviceErrors));
  const body =
    docs.body === undefined ? undefined : docs.body instanceof z.ZodType ? jsonSchemaOf(docs.body, 'input') : docs.body;
  return {
    summary: docs.summary,
    ...(docs.params ? { params: jsonSchemaOf(docs.params, 'input') } : {}),
    ...(docs.querystring ? { querystring: jsonSchemaOf(docs.querystring, 'input') } : {}),
    ...(body ? { body } : {}),
    response,
  };
}

const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Calls marked public (health, login) need no token; every other one does.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Letterdesk platform API',
        version: '1',
        description: 'Failures answer `{ message, errors? }` (docs/decisions.md "Platform API").',
      },
      components: { schemas: components, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
  });
  app.get(
    API_DOCS_PATH,
    { config: { public: true }, schema: { summary: 'This OpenAPI document', response: { 200: { description: 'OpenAPI 3.0 document', type: 'object' } } } },
    async () => app.swagger(),
  );
};

// Like fastify-plugin: the compilers and the document must cover routes outside this plugin.
export const apiDocs = Object.assign(plugin, { [Symbol.for('skip-override')]: true });
