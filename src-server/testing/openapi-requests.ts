import fc from 'fast-check';
import { PNG_3X2 } from './image-fixtures';
import { SchemaValues, type JsonSchema } from './openapi-schema-values';

// Requests for one operation of the OpenAPI document (GET /api/docs/json), built from what
// the document says the operation takes: its path, query and body. A valid request has
// every part as documented (the path naming the test's own letter, segment, poll...); an
// invalid one has exactly one mistake in one part. Used by http/api-contract.test.ts.

export type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

export interface GeneratedRequest {
  kind: 'valid' | 'invalid';
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
}

/** Path values a route can never name: out of every column's range, of the wrong type, empty-ish. */
const WRONG_PATH_VALUES = ['2147483648', '9007199254740993', '-1', '0', '1.5', 'abc', '2024-13-01', '%20'];

/** Form and CSV bodies are flat; their values go as text. */
function formText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function operationRequests(
  method: string,
  path: string,
  operation: Operation,
  values: SchemaValues,
  pathValue: (name: string) => string,
): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema ?? {}])),
    required: queryParameters.filter((p) => p.required).map((p) => p.name),
  };
  const content = operation.requestBody?.content ?? {};
  // A form page takes both encodings; the urlencoded one says the same with less ceremony.
  const bodyType = Object.keys(content).find((type) => type !== 'multipart/form-data') ?? Object.keys(content)[0];
  const bodySchema = bodyType ? (content[bodyType]!.schema ?? {}) : undefined;

  const valid = fc.record({
    query: values.valid(querySchema) as fc.Arbitrary<Record<string, unknown>>,
    body: bodySchema ? values.valid(bodySchema) : fc.constant(undefined),
  });
  const parts = ['query', ...(bodySchema ? ['body'] : []), ...(pathNames.length ? ['path'] : [])] as const;
  return fc.tuple(valid, fc.boolean(), fc.nat(), fc.constantFrom(...parts)).map(([request, wrong, pick, part]) => {
    const pathValues = Object.fromEntries(pathNames.map((name) => [name, pathValue(name)]));
    let { query, body } = request;
    if (wrong) {
      if (part === 'query') query = values.invalid(querySchema, query, pick) as Record<string, unknown>;
      else if (part === 'body') body = pick % 17 === 0 ? MALFORMED : values.invalid(bodySchema!, body, pick);
      else pathValues[pathNames[pick % pathNames.length]!] = WRONG_PATH_VALUES[pick % WRONG_PATH_VALUES.length]!;
    }
    return {
      kind: wrong ? 'invalid' : 'valid',
      method: method.toUpperCase(),
      url: `${fillPath(path, pathValues)}${queryText(query)}`,
      ...encodeBody(bodyType, body),
    } satisfies GeneratedRequest;
  });
}

const MALFORMED = Symbol('malformed JSON');

function encodeBody(type: string | undefined, body: unknown): Pick<GeneratedRequest, 'contentType' | 'payload'> {
  if (type === undefined || body === undefined) return {};
  if (body === MALFORMED) return { contentType: 'application/json', payload: '{"title":' };
  if (type === 'application/json') return { contentType: type, payload: JSON.stringify(body) };
  if (type.startsWith('image/')) return { contentType: 'image/png', payload: PNG_3X2 };
  if (type === 'text/csv') return { contentType: type, payload: `email,first_name\nreader@example.com,${formText(body).slice(0, 20).replace(/[\n,"]/g, ' ')}\n` };
  const form = new URLSearchParams();
  if (body && typeof body === 'object') for (const [name, value] of Object.entries(body)) form.append(name, formText(value));
  return { contentType: 'application/x-www-form-urlencoded', payload: form.toString() };
}

/** `?a=1&tags=x&tags=y` (a list repeats its name, OpenAPI's default form style). */
function queryText(query: unknown): string {
  if (query === null || typeof query !== 'object') return `?${encodeURIComponent(formText(query))}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, formText(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** `/a/{id}/b` with `{ id: 'x y' }` → `/a/x%20y/b`; `{*}` is a wildcard's rest, sent as it is. */
function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === '*' ? (values[name] ?? '') : encodeURIComponent(values[name] ?? '')));
}
