import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './openapi-schema-values';
import type { OpenApiDocument, Operation } from './openapi-requests';

// Checks an answer against what the OpenAPI document says the operation answers: its status
// is listed (exactly, or by its range such as 4XX), its content type is one documented for
// that status, and a JSON body fits the documented schema. Used by http/api-contract.test.ts.

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** OpenAPI 3.0's boolean exclusiveMinimum/Maximum, as the JSON Schema ajv reads. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJsonSchema(inner)])) as Record<string, unknown>;
  if (schema.exclusiveMinimum === true) schema.exclusiveMinimum = schema.minimum;
  if (schema.exclusiveMaximum === true) schema.exclusiveMaximum = schema.maximum;
  if (schema.exclusiveMinimum === false) delete schema.exclusiveMinimum;
  if (schema.exclusiveMaximum === false) delete schema.exclusiveMaximum;
  if (typeof schema.exclusiveMinimum === 'number' && schema.minimum === schema.exclusiveMinimum) delete schema.minimum;
  if (typeof schema.exclusiveMaximum === 'number' && schema.maximum === schema.exclusiveMaximum) delete schema.maximum;
  if (typeof schema.$ref === 'string') schema.$ref = schema.$ref.replace('#/components/schemas/', 'components#/schemas/');
  // Formats that only describe (a file's bytes, zod's prefix check) constrain nothing here.
  if (schema.format === 'binary' || schema.format === 'starts_with' || typeof schema.format === 'object') delete schema.format;
  return schema;
}

export class AnswerChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'components', schemas: toJsonSchema(document.components.schemas) });
  }

  /** What is wrong with the answer, or null when it is what the document says. */
  problem(operation: Operation, answer: Answer): string | null {
    const range = `${String(answer.status)[0]}XX`;
    const documented = operation.responses[String(answer.status)] ?? operation.responses[range] ?? operation.responses.default;
    if (!documented) return `status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`;
    const content = documented.content;
    if (!content || Object.keys(content).length === 0) {
      return answer.body === '' ? null : `status ${answer.status} is documented without a body, but one came: ${answer.body.slice(0, 200)}`;
    }
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim();
    const match = Object.keys(content).find((type) => type === mediaType || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))));
    if (!match) return `content type ${mediaType || '(none)'} is not documented for ${answer.status} (documented: ${Object.keys(content).join(', ')})`;
    if (mediaType !== 'application/json' && !mediaType.endsWith('+json')) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `the ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`;
    }
    const schema = content[match]!.schema ?? {};
    let validate = this.compiled.get(schema);
    if (!validate) this.compiled.set(schema, (validate = this.ajv.compile(toJsonSchema(schema) as object)));
    if (validate(body)) return null;
    const first = validate.errors?.[0];
    return `the ${answer.status} body does not fit its schema: ${first?.instancePath || '(root)'} ${first?.message ?? ''} (${JSON.stringify(first?.params)}); body ${answer.body.slice(0, 300)}`;
  }
}
