import fc from 'fast-check';

// Values for a JSON schema of the OpenAPI document (the OpenAPI 3.0 dialect zod writes:
// `nullable`, boolean `exclusiveMinimum`), for the contract test (http/api-contract.test.ts):
// values the schema allows, reaching to its documented bounds, and values it forbids, one
// mistake at a time, of the kinds that have reached SQL before (out-of-range numbers,
// impossible dates, wrong types, missing fields).

export type JsonSchema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string | JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  $ref?: string;
};

/** Where generated addresses point: a closed loopback port, so nothing leaves the machine. */
export const LOOPBACK_URL = 'http://127.0.0.1:9/';
/** Fields the platform may fetch (a feed, an image, a page): given loopback addresses only. */
const ADDRESS_FIELD = /(url|uri|href|link|image|logo|src)$/i;
const loopbackUrl = fc.constantFrom(LOOPBACK_URL, `${LOOPBACK_URL}page?x=1`, 'https://127.0.0.1:9/image.png');

const INT4_MAX = 2_147_483_647;
const SMALL_STRING = 12;
const SMALL_ARRAY = 3;

function bounds(schema: JsonSchema): { min: number; max: number } {
  let min = typeof schema.minimum === 'number' ? schema.minimum : -Number.MAX_SAFE_INTEGER;
  let max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) min += schema.type === 'integer' ? 1 : Number.EPSILON;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (schema.type === 'integer' ? 1 : Number.EPSILON);
  if (schema.exclusiveMaximum === true) max -= schema.type === 'integer' ? 1 : Number.EPSILON;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (schema.type === 'integer' ? 1 : Number.EPSILON);
  return { min, max };
}

/** A real day between 1900 and 2100 as YYYY-MM-DD. */
const realDay = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SMALL_STRING, minLength + SMALL_STRING));
  const fits = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'email') return fc.constantFrom('reader@example.com', 'editor@example.com', 'someone.new@example.org');
  if (schema.format === 'uri' || schema.format === 'url' || schema.pattern?.includes('https?')) return loopbackUrl;
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return realDay;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    if (/\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(schema.pattern)) {
      // A date pattern: mostly real days (a pattern cannot say which days exist).
      const wallClock = schema.pattern.includes(':');
      return realDay.chain((day) => (wallClock ? fc.constantFrom(`${day} 09:30:00`, `${day} 23:59:59`) : fc.constant(day))).filter((value) => new RegExp(schema.pattern!).test(value));
    }
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  // Mostly words a route can do something with; sometimes any text at all.
  return fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]*$/).filter(fits) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength }) },
  );
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema);
  if (schema.type === 'integer') {
    const lo = Math.ceil(min);
    const hi = Math.floor(max);
    const small = fc.integer({ min: Math.max(lo, Math.min(hi, 0)), max: Math.min(hi, Math.max(lo, 0) + 5) });
    // The documented ends are where a column too narrow for the schema shows.
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(lo, hi) }, { weight: 1, arbitrary: fc.integer({ min: Math.max(lo, -INT4_MAX - 1), max: Math.min(hi, INT4_MAX) }) });
  }
  const finite = { noNaN: true, noDefaultInfinity: true, min: Math.max(min, -Number.MAX_VALUE), max: Math.min(max, Number.MAX_VALUE) };
  return fc.oneof({ weight: 3, arbitrary: fc.double({ ...finite, min: Math.max(finite.min, 0), max: Math.min(finite.max, Math.max(finite.min, 0) + 100) }) }, { weight: 1, arbitrary: fc.double(finite) });
}

export class SchemaValues {
  constructor(private readonly components: Record<string, JsonSchema>) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (current.$ref) current = this.components[current.$ref.replace('#/components/schemas/', '')] ?? {};
    return current;
  }

  /** Values the schema allows. */
  valid(raw: JsonSchema, depth = 0, name = ''): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const value = schema.type === 'string' && !schema.enum && ADDRESS_FIELD.test(name) ? loopbackUrl : this.validNotNull(schema, depth);
    return schema.nullable ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
  }

  private validNotNull(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((choice) => this.valid(choice, depth + 1)));
    if (schema.allOf) return this.valid(Object.assign({}, ...schema.allOf.map((part) => this.resolve(part))) as JsonSchema, depth);
    switch (schema.type) {
      case 'string':
        return stringValue(schema);
      case 'integer':
      case 'number':
        return numberValue(schema);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? SMALL_ARRAY, depth > 3 ? minLength : minLength + SMALL_ARRAY));
        return fc.array(this.valid(schema.items ?? {}, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return this.validObject(schema, depth);
      default:
        // An unconstrained value (zod's `unknown`).
        return fc.oneof(fc.constant(null), fc.string({ maxLength: 5 }), fc.integer({ min: 0, max: 9 }), fc.boolean());
    }
  }

  private validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0 && typeof schema.additionalProperties === 'object') {
      return fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), this.valid(schema.additionalProperties, depth + 1), { maxKeys: depth > 3 ? 0 : 2 });
    }
    const required = new Set(schema.required ?? []);
    const model = Object.fromEntries(names.map((name) => [name, this.valid(properties[name]!, depth + 1, name)]));
    // Deep optional parts are left out, so bodies stay small.
    return fc.record(model, { requiredKeys: depth > 3 ? [...required] : names.filter((name) => required.has(name) || depth < 2) }).chain((full) =>
      depth < 2 ? fc.subarray(names.filter((name) => !required.has(name) && name in full)).map((dropped) => omit(full, dropped)) : fc.constant(full),
    );
  }

  /**
   * `value` (valid for `schema`) with one mistake: a field made out of range, an impossible
   * date, a wrong type, or a required field left out. `pick` chooses which place and which
   * mistake, so a run is reproduced by its seed.
   */
  invalid(raw: JsonSchema, value: unknown, pick: number): unknown {
    const places = this.places(raw, value, []);
    if (places.length === 0) return wrongType(value);
    const place = places[pick % places.length]!;
    const mistakes = this.mistakes(place.schema, place.value, place.missing);
    const mistake = mistakes[Math.floor(pick / places.length) % mistakes.length]!;
    return setAt(value, place.path, mistake);
  }

  private places(raw: JsonSchema, value: unknown, path: string[]): Array<{ path: string[]; schema: JsonSchema; value: unknown; missing?: string }> {
    const schema = this.resolve(raw);
    const here = [{ path, schema, value }];
    if (value === null || typeof value !== 'object') return here;
    if (Array.isArray(value)) {
      return [...here, ...value.flatMap((item, index) => (schema.items ? this.places(schema.items, item, [...path, String(index)]) : []))];
    }
    const properties = schema.properties ?? (schema.anyOf ?? schema.oneOf ?? []).map((s) => this.resolve(s)).find((s) => s.properties)?.properties ?? {};
    const required = schema.required ?? [];
    const inner = Object.entries(value as Record<string, unknown>).flatMap(([name, item]) =>
      properties[name] ? this.places(properties[name], item, [...path, name]) : [],
    );
    const missing = required.filter((name) => name in (value as object)).map((name) => ({ path, schema, value, missing: name }));
    return [...here, ...inner, ...missing];
  }

  private mistakes(raw: JsonSchema, value: unknown, missing?: string): unknown[] {
    if (missing) return [omit(value as Record<string, unknown>, [missing])];
    const schema = this.resolve(raw);
    const { min, max } = bounds(schema);
    switch (schema.type) {
      case 'integer':
        return [INT4_MAX + 1, -INT4_MAX - 2, Number.MAX_SAFE_INTEGER + 2, 1e308, 1.5, ...(min > -Number.MAX_SAFE_INTEGER ? [min - 1] : []), ...(max < Number.MAX_SAFE_INTEGER ? [max + 1] : []), 'twelve', null];
      case 'number':
        return [1e308, -1e308, ...(min > -Number.MAX_SAFE_INTEGER ? [min - 1] : []), ...(max < Number.MAX_SAFE_INTEGER ? [max + 1] : []), 'twelve', null];
      case 'string':
        return ['2024-13-01', '2024-02-30', '0000-01-01', '2024-12-31 25:61:00', '99999-01-01', 'x'.repeat((schema.maxLength ?? 200) + 1), 42, null, ['a']];
      case 'boolean':
        return ['maybe', 2, null];
      case 'array':
        return [{ not: 'a list' }, 'text', [null], null];
      case 'object':
        return [[], 'text', 7, null];
      default:
        return [null, 'text'];
    }
  }
}

function omit(value: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name)));
}

function wrongType(value: unknown): unknown {
  return typeof value === 'string' ? 7 : 'text';
}

function setAt(root: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, index) => (String(index) === head ? setAt(item, rest, replacement) : item));
  const object = root as Record<string, unknown>;
  return { ...object, [head!]: setAt(object[head!], rest, replacement) };
}
