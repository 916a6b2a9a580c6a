/**
 * fast-check arbitraries derived from the route table's zod schemas (walked through
 * `z.toJSONSchema`): values a schema accepts, and what a careless or hostile client sends instead
 * (the wrong shape, a wrong type per field, missing and extra fields, values out of range, oversize
 * and odd-unicode strings, `__proto__` keys, deep nesting, numbers JSON can spell but no store can
 * keep, malformed JSON), plus hostile path segments and query strings. The bad-input sweep
 * (test/support/route-sweep-bad-input.ts, run by test/integration/sweep-bad-input-1 and -2.test.ts)
 * sends them to every route of the table, so a route is swept the day it is added.
 *
 * Bodies are produced as JSON *text*: some hostile inputs (`1e400`, a `__proto__` key, 3,000
 * levels of nesting) cannot be built as objects and stringified.
 */
import fc from 'fast-check';
import * as z from 'zod';

/** The subset of JSON Schema (draft 2020-12) that `z.toJSONSchema` emits for request schemas. */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';
const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

/** The JSON Schema of what a request schema accepts (its input side; transforms and refinements dropped). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The JSON types a schema admits (every type for `{}`, i.e. z.unknown()). */
export function typesOf(schema: JsonSchema): Set<JsonType> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...typesOf(s)]));
  if (schema.enum) return new Set(schema.enum.map(typeOfValue));
  if (schema.const !== undefined) return new Set([typeOfValue(schema.const)]);
  if (schema.type === undefined) return new Set(JSON_TYPES);
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has('number')) types.add('integer');
  return types;
}

/** Strings that have broken parsers, stores, templates and terminals before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil.exe',
  '\ufeffbom',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  '😀'.repeat(8),
  '𝕏𝕐𝕑',
  'ﷺ',
  'Ω≈ç√∫',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00%2e%2e',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
];

/** Numbers as JSON text: some parse to values no DynamoDB attribute can hold (Infinity, 1e-320). */
export const NASTY_NUMBER_TEXTS: readonly string[] = [
  '1e400',
  '-1e400',
  '1e-320',
  '1e-200',
  '-0',
  '1e308',
  '9007199254740993',
  '-9007199254740993',
  '0.30000000000000004',
  '1.5',
  '-1',
  '0',
];

/** Object keys a careless merge turns into prototype pollution. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** Query keys named like Object.prototype members, and other odd keys. */
export const ODD_QUERY_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '',
  'a[b]',
  'a.b',
  'ключ',
  '😀',
];

const jsonLeaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

/** A value of each JSON type, for "wrong type" substitutions. */
const valueOfType: Record<JsonType, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', 'true', '1', 'null')),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
  integer: fc.integer(),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(jsonLeaf, { maxLength: 3 }),
  object: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), jsonLeaf, { maxKeys: 3 }),
};

/** JSON values of a type the schema does not admit (for a string field: a number, an array, …). */
export function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const allowed = typesOf(schema);
  const wrong = JSON_TYPES.filter((t) => !allowed.has(t));
  return wrong.length ? fc.oneof(...wrong.map((t) => valueOfType[t])) : undefined;
}

const idLike = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcXYZ0189_=-'), minLength: min, maxLength: max });

function validString(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? min + 40;
  const fits = (v: string) => v.length >= min && v.length <= max;
  // Formats the JSON Schema of a zod pipe does not carry (the e-mail check is on its output side).
  if (/e-?mail/i.test(name)) return fc.emailAddress().filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, min + 40), unit: 'grapheme' }),
    fc.string({ minLength: min, maxLength: Math.min(max, min + 40), unit: 'grapheme-ascii' }),
  );
}

/**
 * Values the JSON Schema describes (best effort: refinements are not in it, so callers check the
 * zod schema). An object whose fields are all optional gets one field at a time, as update
 * requests expect.
 */
export function fromJsonSchema(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromJsonSchema(s, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema, name);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items, name) : jsonLeaf, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    const values = schema.additionalProperties;
    if (!values || values === true) return fc.constant({});
    const keys = schema.propertyNames
      ? (fromJsonSchema(schema.propertyNames) as fc.Arbitrary<string>)
      : idLike(1, 12);
    return fc.dictionary(keys, fromJsonSchema(values), { maxKeys: 3 });
  }
  const required = schema.required ?? [];
  if (required.length === 0 && properties.length > 1) {
    return fc.oneof(...properties.map(([key, s]) => fc.record({ [key]: fromJsonSchema(s, key) })));
  }
  return fc.record(Object.fromEntries(properties.map(([key, s]) => [key, fromJsonSchema(s, key)])), {
    requiredKeys: required,
  });
}

/** Values the zod schema accepts: generated from its JSON Schema, `fallback` when a refinement refuses one. */
export function validInput(schema: z.ZodType, fallback: unknown): fc.Arbitrary<unknown> {
  return fromJsonSchema(jsonSchemaOf(schema)).map((value) =>
    schema.safeParse(value).success ? value : fallback,
  );
}

/** One hostile request body: its JSON text (or not JSON at all) and what kind of hostility it is. */
export interface BodyCase {
  kind: string;
  text: string;
}

const PLACEHOLDER = '"@@sweep-placeholder@@"';
/** The object's JSON with `key` set to the JSON text `valueText` (which JSON.stringify could not spell). */
const withRawField = (base: Record<string, unknown>, key: string, valueText: string) =>
  JSON.stringify({ ...base, [key]: '@@sweep-placeholder@@' }).replace(PLACEHOLDER, () => valueText);
/** The object's JSON with raw members put first (e.g. a `__proto__` key, which an object literal cannot own). */
const withRawMembers = (base: Record<string, unknown>, members: string) => {
  const rest = JSON.stringify(base).slice(1);
  return `{${members}${rest === '}' ? '' : ','}${rest}`;
};
const deepText = (depth: number, shape: 'object' | 'array') =>
  shape === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}${']'.repeat(depth)}`;
const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A string far over any limit: up to 200,000 characters of one (possibly multi-byte) character. */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', ' ', '\u0000'), fc.integer({ min: 1_000, max: 200_000 }))
  .map(([c, n]) => c.repeat(n));

/** What the field's schema refuses although the type is right: too short or long, off pattern, off enum, out of range. */
function outOfRangeFor(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const options: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(schema);
  for (const s of schema.anyOf ?? [schema]) {
    if (s.enum) options.push(fc.string({ maxLength: 20 }).filter((v) => !s.enum!.includes(v)));
    if (s.maxLength !== undefined)
      options.push(fc.string({ minLength: s.maxLength + 1, maxLength: s.maxLength + 50 }));
    if (s.minLength) options.push(fc.string({ maxLength: s.minLength - 1 }));
    if (s.pattern) {
      const pattern = new RegExp(s.pattern);
      options.push(fc.constantFrom(...NASTY_STRINGS).filter((v) => !pattern.test(v)));
    }
    if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER)
      options.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      options.push(fc.constant(s.maximum + 1));
    if (s.maxItems !== undefined)
      options.push(fc.constant(Array.from({ length: s.maxItems + 1 }, (_, i) => `id${i}`)));
  }
  if (types.has('integer') && !types.has('number')) options.push(fc.constantFrom(0.5, 2 ** 53 + 2));
  return options.length ? fc.oneof(...options) : undefined;
}

/**
 * Hostile bodies for a route whose body schema is `schema`: mutations of a valid body (one field at
 * a time) and bodies of the wrong shape altogether. `example` is a body the schema accepts, used
 * where a generated one is refused by a refinement.
 */
export function hostileBodies(schema: z.ZodType, example: unknown): fc.Arbitrary<BodyCase> {
  const json = jsonSchemaOf(schema);
  const base = validInput(schema, example).map(asObject);
  const fields = Object.entries(json.properties ?? {});
  const required = json.required ?? [];
  const stringFields = fields.filter(([, s]) => typesOf(s).has('string'));
  const numberFields = fields.filter(([, s]) => typesOf(s).has('integer'));
  const field = fields.length ? fc.constantFrom(...fields) : undefined;
  const cases: fc.Arbitrary<BodyCase>[] = [];
  const add = (kind: string, arb: fc.Arbitrary<string>) => cases.push(arb.map((text) => ({ kind, text })));

  add(
    'wrong shape',
    fc
      .oneof(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        base.map((b) => [b]),
        fc.string({ maxLength: 20 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      )
      .map((v) => JSON.stringify(v)),
  );
  add(
    'extra field',
    fc
      .tuple(base, fc.string({ minLength: 1, maxLength: 16 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([b, key, value]) => JSON.stringify({ ...b, [key]: value })),
  );
  add(
    'prototype keys',
    fc
      .tuple(base, fc.subarray([...PROTOTYPE_KEYS], { minLength: 1 }))
      .map(([b, keys]) =>
        withRawMembers(
          b,
          keys.map((k) => `${JSON.stringify(k)}:{"isAdmin":true,"polluted":"sweep"}`).join(','),
        ),
      ),
  );
  add(
    'deep nesting',
    fc
      .tuple(base, fc.integer({ min: 20, max: 3_000 }), fc.constantFrom('object' as const, 'array' as const))
      .chain(([b, depth, shape]) =>
        (field ? fc.option(field, { nil: undefined }) : fc.constant(undefined)).map((f) =>
          f ? withRawField(b, f[0], deepText(depth, shape)) : deepText(depth, shape),
        ),
      ),
  );
  if (field) {
    const withField = <T>(arbFor: (s: JsonSchema) => fc.Arbitrary<T> | undefined) =>
      fields.flatMap(([key, s]) => {
        const arb = arbFor(s);
        return arb ? [fc.tuple(base, arb).map(([b, v]) => JSON.stringify({ ...b, [key]: v }))] : [];
      });
    const wrongTypes = withField(wrongTypeFor);
    if (wrongTypes.length) add('wrong type', fc.oneof(...wrongTypes));
    const outOfRange = withField(outOfRangeFor);
    if (outOfRange.length) add('out of range', fc.oneof(...outOfRange));
    add(
      'null field',
      fc.tuple(base, field).map(([b, [key]]) => JSON.stringify({ ...b, [key]: null })),
    );
    add(
      'prototype keys in a field',
      fc
        .tuple(base, field, fc.constantFrom(...PROTOTYPE_KEYS))
        .map(([b, [key], proto]) =>
          withRawField(b, key, `{${JSON.stringify(proto)}:{"polluted":"sweep"},"a":1}`),
        ),
    );
  }
  if (required.length) {
    add(
      'missing field',
      fc.tuple(base, fc.constantFrom(...required)).map(([b, key]) => {
        const { [key]: _, ...rest } = b;
        return JSON.stringify(rest);
      }),
    );
  }
  if (stringFields.length) {
    const stringField = fc.constantFrom(...stringFields.map(([key]) => key));
    add(
      'oversize string',
      fc.tuple(base, stringField, hugeString).map(([b, key, v]) => JSON.stringify({ ...b, [key]: v })),
    );
    add(
      'odd unicode',
      fc
        .tuple(
          base,
          stringField,
          fc.oneof(
            fc.constantFrom(...NASTY_STRINGS),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
          ),
        )
        .map(([b, key, v]) => JSON.stringify({ ...b, [key]: v })),
    );
  }
  // Numbers JSON can spell but a store cannot keep, in number fields and in free-form fields alike.
  const numberTargets = numberFields.length ? numberFields : fields;
  if (numberTargets.length) {
    add(
      'odd number',
      fc
        .tuple(
          base,
          fc.constantFrom(...numberTargets.map(([key]) => key)),
          fc.constantFrom(...NASTY_NUMBER_TEXTS),
        )
        .map(([b, key, n]) => withRawField(b, key, n)),
    );
  }
  const freeForm = fields.filter(([, s]) => typesOf(s).has('object'));
  if (freeForm.length) {
    add(
      'free-form object',
      fc
        .tuple(
          base,
          fc.constantFrom(...freeForm.map(([key]) => key)),
          fc.oneof(
            fc.constantFrom(...NASTY_NUMBER_TEXTS).map((n) => `{"n":${n}}`),
            fc.constant('{"":1}'),
            fc.constant(`{${Array.from({ length: 5_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
            fc.integer({ min: 30, max: 60 }).map((d) => deepText(d, 'object')),
            fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ v })),
          ),
        )
        .map(([b, key, text]) => withRawField(b, key, text)),
    );
  }
  return fc.oneof(...cases);
}

/** Texts that are not JSON, or not only JSON. */
export const INVALID_JSON_TEXTS: readonly string[] = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '[1,2',
  '"unterminated',
  'NaN',
  'undefined',
  'nul',
  '/* comment */ {}',
  '\ufeff{}',
  '{"a":"\\x41"}',
  'a=1&b=2',
  '<xml/>',
];

/** Path segments a hostile client sends for an id (besides generated ones). */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '..',
  '.',
  'a..b',
  '../../etc/passwd',
  '\u0000',
  '%00',
  'a/b',
  'a\\b',
  'a b',
  '%',
  '%2e%2e',
  'x'.repeat(129),
  'x'.repeat(200),
  'x'.repeat(1_200),
  'é',
  '😀',
  'ａｂｃ',
  '\u202e',
  '<script>',
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${x}',
  'a;b',
  'a?b',
  'a#b',
  'null',
  '-1',
];

/** Well-formed ids that name nothing, including ones named like Object.prototype members. */
export const UNKNOWN_IDS: readonly string[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'x'.repeat(128),
  '0',
  'A',
];

/** Generated path segments: any unicode, long id-like strings, and the hostile ones above. */
export const pathSegments: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_PATH_SEGMENTS),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  idLike(129, 1_500),
);

/** Generated query strings (as key/value pairs, repeated keys allowed) for a route's query schema (or none). */
export function hostileQueries(schema: z.ZodType): fc.Arbitrary<Array<[string, string]>> {
  const declared = Object.keys(jsonSchemaOf(schema).properties ?? {});
  const keys = fc.oneof(
    // A route without a query gets only keys it does not know.
    ...(declared.length ? [{ weight: 4, arbitrary: fc.constantFrom(...declared) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...ODD_QUERY_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const values = fc.oneof(
    fc.constantFrom(...NASTY_NUMBER_TEXTS, 'Infinity', '0x10', ' 5 ', '９', '1,2', '[]', '{}', 'true'),
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ maxLength: 20 }),
    fc.integer({ min: 1_000, max: 6_000 }).map((n) => 'q'.repeat(n)),
  );
  return fc.array(fc.tuple(keys, values), { minLength: 1, maxLength: 6 }).map((pairs) => {
    // API Gateway refuses URLs over 8 KB before any handler runs (the local gateway with a bare 431).
    while (pairs.length > 1 && new URLSearchParams(pairs).toString().length > MAX_QUERY_CHARS) pairs.pop();
    return pairs;
  });
}

/** The longest query string the sweeps send (API Gateway's whole URL limit is 8,192 characters). */
export const MAX_QUERY_CHARS = 7_000;
