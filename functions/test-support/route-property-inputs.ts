/**
 * fast-check inputs for any route of the route table, derived from the route's own schemas:
 * requests that are valid as a whole or wrong in one part (body, query string or path
 * parameters), or wrong everywhere. Wrong means wrong types, lengths at and past the limits, huge
 * and unicode strings, deep nesting, prototype-pollution keys, invalid JSON, base64 bodies, ids
 * that forge table keys. Ids of the seeded world appear as `{{name}}` placeholders
 * (route-property-world.ts), resolved when the request is sent.
 */
import fc from 'fast-check';
import type * as z from 'zod';
import type { RouteDefinition } from '@expiry-radar/shared/api/route-table';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import {
  CATEGORIES,
  TOKEN_TYPES,
  TYPES_BY_CATEGORY,
  type Category,
} from '@expiry-radar/shared/domain/categories';
import type { WorldReference } from './route-property-world';

export type Caller = 'owner' | 'viewer' | 'anonymous';

/** A body as API Gateway hands it over: absent, JSON, or any text; plain or base64-encoded. */
export type BodyInput =
  | { readonly kind: 'absent' }
  | { readonly kind: 'json'; readonly value: unknown; readonly base64: boolean }
  | { readonly kind: 'text'; readonly text: string; readonly base64: boolean };

/** One `name=value` of a query string, percent-encoded or raw; or a raw fragment. */
export type QueryPart =
  | { readonly name: string; readonly value: string; readonly encode: boolean }
  | { readonly raw: string };

export interface RequestInput {
  /** Which part is meant to be wrong (the others are plausible). */
  readonly wrong: 'nothing' | 'body' | 'query' | 'path' | 'everything';
  readonly caller: Caller;
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly query: readonly QueryPart[];
  readonly body: BodyInput;
}

const ref = (name: WorldReference) => `{{${name}}}`;

// Hostile building blocks ----------------------------------------------------------------------

/** Strings past the limits DynamoDB sets: key sizes (1 KB, 2 KB), item size (400 KB). */
const hugeString = fc
  .tuple(fc.constantFrom(1_025, 2_100, 70_000, 410_000), fc.constantFrom('x', 'é', '😀', '#'))
  .map(([length, unit]) => unit.repeat(length));

const specialString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\t\n',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '../../etc/passwd',
  '%',
  '%00',
  '%zz',
  '#',
  '\u202e\u0301',
  '\ud800',
  '\udc00x\ud83d',
  '\u001b[31m\u0008\u007f\u0085',
  'line\r\nbreak\ttab',
  'e\u0301',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  `WS#${ref('workspace')}#TOKEN#${ref('token')}`,
  `${ref('workspace')}#MEMBER#${ref('owner')}`,
);

const hostileString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: specialString, weight: 3 },
  { arbitrary: hugeString, weight: 1 },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 1e21, -1e21, 1e308, -1e308, 1e-300, 2 ** 31, 2 ** 53 + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Values whose own keys pollute prototypes when merged carelessly. */
const pollutingObject = fc.constantFrom(
  JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown,
  { constructor: { prototype: { polluted: 'yes' } } },
  JSON.parse('{"__proto__":{"toString":"x","valueOf":1}}') as unknown,
);

const deeplyNested = fc.constantFrom(50, 3_000).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
});

/** Any JSON value, weighted toward the shapes that break careless code. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false), weight: 2 },
  { arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: pollutingObject, weight: 1 },
  { arbitrary: deeplyNested, weight: 1 },
);

// Values by field name ----------------------------------------------------------------------------

const day = (offset: number) => addCalendarDays(new Date(), offset);

const workspaceIds = [ref('workspace'), ref('workspace'), ref('otherWorkspace')];
const tokenIds = [ref('token'), ref('certToken'), ref('otherToken')];

/** A field name (as the schemas spell them), valid values for it, and values just as likely wrong. */
interface NameHint {
  readonly pattern: RegExp;
  readonly valid: fc.Arbitrary<unknown>;
  readonly edgy: fc.Arbitrary<unknown>;
}

const NAME_HINTS: readonly NameHint[] = [
  {
    pattern: /workspace_id$/,
    valid: fc.constantFrom(...workspaceIds),
    edgy: fc.constantFrom(
      ` ${ref('workspace')} `,
      `${ref('workspace')}#TOKEN#${ref('token')}`,
      `WS#${ref('workspace')}`,
      'x'.repeat(2_100),
      'missing-workspace',
    ),
  },
  {
    pattern: /^token_ids$/,
    valid: fc.array(fc.constantFrom(...tokenIds), { minLength: 1, maxLength: 3 }),
    edgy: fc.oneof(
      fc.array(fc.constantFrom(...tokenIds, `${ref('token')}#x`, 'a.b'), { maxLength: 60 }),
      fc.constant([ref('otherToken'), ref('otherToken')]),
    ),
  },
  {
    pattern: /token_?id/i,
    valid: fc.constantFrom(...tokenIds),
    edgy: fc.constantFrom(`${ref('token')}#x`, '.', 'x'.repeat(1_100)),
  },
  {
    pattern: /contact_group/,
    valid: fc.constantFrom(ref('contactGroup'), null),
    edgy: fc.constantFrom('missing-group', 'x'.repeat(65), '#'),
  },
  {
    pattern: /(^|_)email$|^emails\[\]$/i,
    valid: fc.oneof(
      fc.uuid().map((id) => `new-${id}@example.com`),
      fc.constantFrom(ref('ownerEmail'), ref('viewerEmail'), ref('invitedEmail')),
    ),
    edgy: fc.oneof(
      fc.emailAddress(),
      fc.constantFrom(
        'not-an-email',
        'a@b',
        '@example.com',
        'UPPER@EXAMPLE.COM',
        'a#b@example.com',
        `${'x'.repeat(1_100)}@example.com`,
      ),
    ),
  },
  {
    pattern: /password$/i,
    valid: fc.constantFrom(ref('password'), 'Quartz-Lantern-Velvet-42'),
    edgy: fc.constantFrom('short', 'password', 'x'.repeat(1_025), ''),
  },
  {
    pattern: /(date|At|since)$/,
    valid: fc.oneof(
      fc.integer({ min: 1, max: 4_000 }).map(day),
      fc.integer({ min: 1, max: 4_000 }).map((offset) => `${day(offset)}T12:00:00.000Z`),
    ),
    edgy: fc.oneof(
      fc.integer({ min: -400, max: 0 }).map(day),
      fc.date({ noInvalidDate: true }).map((value) => value.toISOString()),
      fc.constantFrom(
        '2030-02-30',
        '2030-13-01',
        '0000-00-00',
        '1969-12-31',
        '9999-12-31',
        '2030-01-01T25:00:00Z',
        'yesterday',
      ),
    ),
  },
  {
    pattern: /(^|_)url$/,
    valid: fc.constantFrom('https://hooks.example.com/alerts', 'https://example.invalid/hook'),
    edgy: fc.oneof(
      fc.constantFrom(
        'http://127.0.0.1:1/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'https://10.0.0.1/x',
        'ftp://example.com/',
        'javascript:alert(1)',
        'https://user:pass@example.com/',
        'https://example.com/%zz',
      ),
      fc.webUrl(),
    ),
  },
  {
    pattern: /^type$/,
    valid: fc.constantFrom(...TOKEN_TYPES),
    edgy: fc.constantFrom('', 'API_KEY', 'ssl_cert '),
  },
  {
    pattern: /^channel$/,
    valid: fc.constant('email'),
    edgy: fc.constantFrom('webhook:ops', 'sms', 'email '),
  },
  {
    pattern: /^redirect$/,
    valid: fc.constantFrom('/dashboard', '/tokens?category=cert'),
    edgy: fc.constantFrom('//evil.example', 'https://evil.example', '/\\evil.example'),
  },
  {
    pattern: /^section$/,
    valid: fc.constantFrom('ops', 'platform'),
    edgy: fc.constantFrom('__none__', '__all__', 'a,b', ',', 'x'.repeat(121)),
  },
  {
    pattern: /^limit$/,
    valid: fc.integer({ min: 1, max: 100 }),
    edgy: fc.oneof(fc.integer({ min: -5, max: 20_000 }), hostileNumber),
  },
  {
    pattern: /^offset$/,
    valid: fc.integer({ min: 0, max: 100 }),
    edgy: fc.oneof(fc.integer({ min: -5, max: 20_000 }), hostileNumber),
  },
  {
    pattern: /^key_size$/,
    valid: fc.constantFrom(2048, '4096'),
    edgy: fc.oneof(hostileNumber, fc.constantFrom('12.5', '-1', 'abc', '1e12')),
  },
  {
    pattern: /^cost$/,
    valid: fc.constantFrom(12.5, '99.99', 0),
    edgy: fc.oneof(hostileNumber, fc.constantFrom('12,50', '-1', 'abc', '1e12')),
  },
  {
    pattern: /^category(\[\])?$/,
    valid: fc.constantFrom(...CATEGORIES),
    edgy: fc.constantFrom('CERT', 'cert,license', ''),
  },
  {
    pattern: /^domains$/,
    valid: fc.array(fc.domain(), { minLength: 1, maxLength: 3 }),
    edgy: fc.oneof(fc.domain(), fc.constantFrom('a,,b', 'not a domain', '*.example.com')),
  },
  {
    pattern: /^(token|session_id|code|state)$/,
    valid: fc.base64String({ minLength: 8, maxLength: 44 }),
    edgy: fc.constantFrom('', 'x'.repeat(513), '{{token}}'),
  },
];

/** A token's type must be one of its category's: valid objects get a matching one. */
function withCoupledFields(object: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const category = object.category as Category;
  if (!('type' in object) || !Object.hasOwn(TYPES_BY_CATEGORY, category))
    return fc.constant(object);
  return fc.constantFrom(...TYPES_BY_CATEGORY[category]).map((type) => ({ ...object, type }));
}

// Values from the schema ------------------------------------------------------------------------

type Mode = 'valid' | 'edgy';
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
const defOf = (schema: z.ZodType) => schema._zod.def as Def;

interface SchemaBounds {
  readonly minLength?: number | null;
  readonly maxLength?: number | null;
  readonly minValue?: number | null;
  readonly maxValue?: number | null;
  readonly isInt?: boolean;
  readonly format?: string | null;
}
const boundsOf = (schema: z.ZodType) => schema as unknown as SchemaBounds;

function stringValue(schema: z.ZodType, mode: Mode): fc.Arbitrary<unknown> {
  const { minLength, maxLength, format } = boundsOf(schema);
  const max = Math.min(maxLength ?? 30, 30);
  const text = fc.string({ minLength: Math.max(minLength ?? 1, 1), maxLength: Math.max(max, 1) });
  if (mode === 'valid') {
    if (format === 'email') return fc.uuid().map((id) => `user-${id}@example.com`);
    if (format === 'url') return fc.constant('https://example.com/');
    return text.filter((value) => value.trim().length > 0);
  }
  const edges: fc.Arbitrary<unknown>[] = [hostileString];
  if (typeof maxLength === 'number') {
    edges.push(fc.constantFrom('a'.repeat(maxLength), `${'a'.repeat(maxLength)}a`));
  }
  return fc.oneof(text, ...edges);
}

function numberValue(schema: z.ZodType, mode: Mode): fc.Arbitrary<unknown> {
  const { minValue, maxValue, isInt } = boundsOf(schema);
  const min = Number.isFinite(minValue) ? Number(minValue) : -1_000;
  const max = Number.isFinite(maxValue) ? Number(maxValue) : 100_000;
  const inRange = isInt
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  if (mode === 'valid') return inRange;
  return fc.oneof(inRange, fc.constantFrom(min - 1, max + 1, min + 0.5), hostileNumber);
}

const MAX_DEPTH = 5;

/**
 * Values for a field: `valid` ones the schema should accept (the world's ids by field name,
 * enum members, lengths and numbers within the limits), or `edgy` ones that it may just as well
 * refuse (lengths at and past the limits, wrong types, missing and extra fields).
 */
export function fieldValue(
  schema: z.ZodType | undefined,
  mode: Mode,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const hint = NAME_HINTS.find(({ pattern }) => pattern.test(name));
  if (schema === undefined || depth > MAX_DEPTH) {
    return hint ? fc.oneof(hint.valid, hint.edgy) : hostileValue;
  }
  if (hint && mode === 'valid') return hint.valid;
  const fromSchema = schemaValue(schema, mode, name, depth);
  return hint ? fc.oneof(hint.valid, hint.edgy, fromSchema) : fromSchema;
}

function schemaValue(
  schema: z.ZodType,
  mode: Mode,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => fieldValue(def[key] as z.ZodType, mode, name, depth + 1);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'nullable':
      return fc.oneof(inner('innerType'), fc.constant(null));
    case 'pipe':
      return inner('in');
    case 'lazy':
      return fieldValue((def.getter as () => z.ZodType)(), mode, name, depth + 1);
    case 'object':
      return objectValue(def.shape as Record<string, z.ZodType>, mode, depth);
    case 'array':
      return fc.array(fieldValue(def.element as z.ZodType, mode, `${name}[]`, depth + 1), {
        minLength: mode === 'valid' ? 1 : 0,
        maxLength: 3,
      });
    case 'union':
      return fc.oneof(
        ...(def.options as z.ZodType[]).map((option) => fieldValue(option, mode, name, depth + 1)),
      );
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'string':
      return stringValue(schema, mode);
    case 'number':
      return numberValue(schema, mode);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'record':
      return fc.dictionary(
        fc.string({ minLength: 1, maxLength: 10 }),
        fieldValue(def.valueType as z.ZodType, mode, '', depth + 1),
        { maxKeys: 3 },
      );
    default:
      return mode === 'valid' ? fc.constant(undefined) : hostileValue;
  }
}

const ABSENT = Symbol('absent');
const OPTIONAL_TYPES = new Set(['optional', 'default', 'prefault', 'catch']);

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'pk',
    'sk',
    'role',
    'plan',
    'emailVerified',
    'workspace_id',
  ),
  fc.string({ maxLength: 12 }),
);

function objectValue(
  shape: Record<string, z.ZodType>,
  mode: Mode,
  depth: number,
): fc.Arbitrary<unknown> {
  const fields = Object.entries(shape).map(([key, schema]) => {
    const value = fieldValue(schema, mode, key, depth + 1);
    const optional = OPTIONAL_TYPES.has(defOf(schema).type);
    const choices =
      mode === 'valid'
        ? [
            { arbitrary: value, weight: 4 },
            { arbitrary: fc.constant(ABSENT), weight: optional ? 1 : 0 },
          ]
        : [
            { arbitrary: value, weight: 6 },
            { arbitrary: hostileValue, weight: 1 },
            { arbitrary: fc.constant(ABSENT), weight: 1 },
          ];
    return fc.oneof(...choices).map((chosen) => [key, chosen] as const);
  });
  const extras =
    mode === 'valid'
      ? fc.constant([])
      : fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 });
  const object = fc.tuple(fc.tuple(...fields), extras).map(([entries, extra]) =>
    // Object.fromEntries defines keys, so `__proto__` stays an own, serialized key.
    Object.fromEntries([
      ...entries.filter(([, value]) => value !== ABSENT && value !== undefined),
      ...extra,
    ]),
  );
  return mode === 'valid' ? object.chain(withCoupledFields) : object;
}

/** A valid value with one of its top-level fields wrong or missing. */
function oneFieldWrong(schema: z.ZodType): fc.Arbitrary<unknown> {
  const shape = shapeOf(schema);
  const fields = Object.keys(shape);
  if (fields.length === 0) return fieldValue(schema, 'edgy');
  return fc.tuple(fieldValue(schema, 'valid'), fc.constantFrom(...fields)).chain(([base, field]) =>
    fc
      .oneof(fieldValue(shape[field], 'edgy', field), hostileValue, fc.constant(ABSENT))
      .map((value) => {
        const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
        if (value === ABSENT) delete copy[field];
        else copy[field] = value;
        return copy;
      }),
  );
}

/** The fields of an object schema (under any pipes), by name. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let current = schema;
  while (current && defOf(current).type === 'pipe') current = defOf(current).in as z.ZodType;
  return current && defOf(current).type === 'object'
    ? (defOf(current).shape as Record<string, z.ZodType>)
    : {};
}

// Bodies -----------------------------------------------------------------------------------------

const invalidJson = fc.constantFrom(
  '{',
  '{"a":}',
  "{'single':'quotes'}",
  'undefined',
  'NaN',
  '[1,]',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '<xml/>',
);

/** Raw JSON texts with prototype keys, duplicated keys, huge numbers, and non-objects. */
const trickyJsonText = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"name":"a","name":{"__proto__":null}}',
  '{"limit":1e999,"offset":-1e999}',
  '{"a":12345678901234567890123456789}',
  '"just a string"',
  '123',
  'null',
  'true',
  '[]',
  ' ',
  '',
);

const jsonBody = (value: fc.Arbitrary<unknown>) =>
  fc
    .tuple(value, fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, fc.constant(true)))
    .map(([json, base64]): BodyInput => ({ kind: 'json', value: json, base64 }));

/** What the web sends: the schema's fields, or nothing for routes without a body. */
function validBody(route: RouteDefinition): fc.Arbitrary<BodyInput> {
  const schema = route.request?.body;
  if (schema) return jsonBody(fieldValue(schema, 'valid'));
  return fc.constantFrom<BodyInput>({ kind: 'absent' }, { kind: 'json', value: {}, base64: false });
}

/** Bodies near the schema with something wrong, any JSON, or any text, plain or base64. */
function wrongBody(route: RouteDefinition): fc.Arbitrary<BodyInput> {
  const schema = route.request?.body;
  const json = schema
    ? fc.oneof(
        { arbitrary: oneFieldWrong(schema), weight: 4 },
        { arbitrary: fieldValue(schema, 'edgy'), weight: 3 },
        { arbitrary: hostileValue, weight: 2 },
      )
    : hostileValue;
  const text = fc.oneof(invalidJson, trickyJsonText, fc.string({ maxLength: 30 }));
  return fc.oneof(
    { arbitrary: jsonBody(json), weight: 8 },
    {
      arbitrary: fc
        .tuple(text, fc.boolean())
        .map(([value, base64]): BodyInput => ({ kind: 'text', text: value, base64 })),
      weight: 3,
    },
    { arbitrary: fc.constant<BodyInput>({ kind: 'absent' }), weight: 1 },
  );
}

// Query strings ----------------------------------------------------------------------------------

const hostileQueryValue = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e3',
    '1e309',
    '99999999999999999999',
    '10001',
    'NaN',
    'Infinity',
    '-0',
    '0x10',
    ' 5 ',
    '',
    '[object Object]',
  ),
  hostileString.filter((value) => value.length <= 70_000),
);

/** How a browser would put a value in a query string: lists joined by commas. */
function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return JSON.stringify(value);
  }
  return String(value);
}

/** Each parameter of the schema at most once, with a valid value, percent-encoded. */
function validQuery(route: RouteDefinition): fc.Arbitrary<QueryPart[]> {
  const fields = Object.entries(shapeOf(route.request?.query));
  if (fields.length === 0) return fc.constant([]);
  return fc
    .tuple(
      ...fields.map(([name, schema]) =>
        fc
          .oneof(
            { arbitrary: fieldValue(schema, 'valid', name), weight: 3 },
            {
              arbitrary: fc.constant(undefined),
              weight: OPTIONAL_TYPES.has(defOf(schema).type) ? 1 : 0,
            },
          )
          .map((value) =>
            value === undefined ? undefined : { name, value: queryText(value), encode: true },
          ),
      ),
    )
    .map((parts) => parts.filter((part) => part !== undefined));
}

/** Parameters repeated, as lists, with wrong values, unknown, raw or malformed. */
function wrongQuery(route: RouteDefinition): fc.Arbitrary<QueryPart[]> {
  const fields = shapeOf(route.request?.query);
  const names = [...Object.keys(fields), 'limit', 'offset', 'workspace_id'];
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...names), weight: 6 },
    { arbitrary: fc.constantFrom(...names).map((value) => `${value}[]`), weight: 2 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  );
  const part = fc.oneof(
    {
      arbitrary: fc.tuple(name, fc.boolean()).chain(([key, encode]) => {
        const field = key.replace(/\[\]$/, '');
        const schema = Object.hasOwn(fields, field) ? fields[field] : undefined;
        return fc
          .oneof(fieldValue(schema, 'edgy', field), hostileQueryValue)
          .map((value): QueryPart => ({ name: key, value: queryText(value), encode }));
      }),
      weight: 9,
    },
    {
      arbitrary: fc
        .constantFrom('&', '=', '==', '%', 'a=b=c', '&&&', '%ZZ=1', 'limit', 'limit=', '=5')
        .map((raw): QueryPart => ({ raw })),
      weight: 1,
    },
  );
  return fc
    .tuple(validQuery(route), fc.array(part, { minLength: 1, maxLength: 5 }))
    .map(([valid, wrong]) => [...valid, ...wrong]);
}

// Path parameters --------------------------------------------------------------------------------

/** The world's ids that fit a path parameter, from the path segment before it. */
function plausibleIds(path: string, parameter: string): string[] {
  if (parameter === 'userId') return [ref('viewer'), ref('invitation'), ref('owner')];
  switch (path.split(`/{${parameter}}`)[0]?.split('/').pop()) {
    case 'tokens':
      return tokenIds;
    case 'alert-queue':
      return [ref('alert')];
    case 'workspaces':
      return workspaceIds;
    default:
      return [ref('workspace'), ref('token'), ref('alert'), ref('owner'), ref('invitation')];
  }
}

const hostileId = fc.oneof(
  fc.constantFrom(
    `${ref('workspace')}#TOKEN#${ref('token')}`,
    `WS#${ref('workspace')}`,
    `${ref('workspace')}#MEMBER#${ref('owner')}`,
    `${ref('workspace')}#ALERT_SETTINGS`,
    `${ref('otherWorkspace')}.6f1c1f4e-8d0b-4f7a-9a57-3c3f1d2b9e10`,
    `${ref('token')}#x`,
    `${ref('token')}~2030-01-01~99999999999999999999`,
    `${ref('token')}~2030-01-01~1e21`,
    `${ref('token')}~2030-01-01~-1`,
    `${ref('token')}~1969-12-31~0`,
    '~~',
    'x.',
    '.x',
    '.',
    'a/b',
    `../${ref('workspace')}`,
    '%2F',
    '%',
    '%zz',
    '   ',
    '\u0000',
    '__proto__',
    'constructor',
    'x'.repeat(2_000),
    'é'.repeat(2_000),
    '#'.repeat(2_000),
  ),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
);

function pathParameters(
  path: string,
  wrong: boolean,
): fc.Arbitrary<Readonly<Record<string, string>>> {
  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return fc
    .tuple(
      ...parameters.map((parameter) => {
        const valid = fc.constantFrom(...plausibleIds(path, parameter));
        return wrong ? fc.oneof(valid, hostileId, hostileId) : valid;
      }),
    )
    .map((values) => Object.fromEntries(parameters.map((name, index) => [name, values[index]!])));
}

// Whole requests ---------------------------------------------------------------------------------

const caller = fc.oneof(
  { arbitrary: fc.constant<Caller>('owner'), weight: 6 },
  { arbitrary: fc.constant<Caller>('viewer'), weight: 1 },
  { arbitrary: fc.constant<Caller>('anonymous'), weight: 1 },
);

function request(route: RouteDefinition, wrong: RequestInput['wrong']) {
  return fc.record({
    wrong: fc.constant(wrong),
    caller,
    pathParameters: pathParameters(route.path, wrong === 'path' || wrong === 'everything'),
    query: wrong === 'query' || wrong === 'everything' ? wrongQuery(route) : validQuery(route),
    body: wrong === 'body' || wrong === 'everything' ? wrongBody(route) : validBody(route),
  });
}

/** A request to the route that its schemas should accept (the world's ids as placeholders). */
export function plausibleRequestInput(route: RouteDefinition): fc.Arbitrary<RequestInput> {
  return request(route, 'nothing');
}

/** A request to the route: all plausible, one part wrong, or everything wrong. */
export function requestInput(route: RouteDefinition): fc.Arbitrary<RequestInput> {
  return fc.oneof(
    { arbitrary: request(route, 'nothing'), weight: 3 },
    { arbitrary: request(route, 'body'), weight: 4 },
    { arbitrary: request(route, 'query'), weight: 2 },
    { arbitrary: request(route, 'path'), weight: route.path.includes('{') ? 3 : 0 },
    { arbitrary: request(route, 'everything'), weight: 1 },
  );
}

// Attacks tried on every field, whatever the seed -------------------------------------------------

/** What every top-level body field is tried with once. */
const FIELD_ATTACKS: readonly unknown[] = [
  // Past DynamoDB's key size (2 KB), and past its item size (400 KB).
  'x'.repeat(2_100),
  'é'.repeat(210_000),
  // Malformed Unicode and control characters: refused by the text rules, never a 5xx.
  'a\ud800\u0000\u001b\u0085',
  `${ref('workspace')}#TOKEN#${ref('token')}`,
  JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown,
  -1e21,
];

/** What every query parameter is tried with once (a list value means the name is repeated). */
const QUERY_ATTACKS: ReadonlyArray<string | readonly string[]> = [
  'x'.repeat(2_100),
  `${ref('workspace')}#TOKEN#${ref('token')}`,
  '99999999999999999999',
  '-1e21',
  '\ud800',
  ['1', '2'],
];

/** What every path parameter is tried with once: ids that forge keys, or that are not ids. */
const ID_ATTACKS: readonly string[] = [
  `${ref('workspace')}#TOKEN#${ref('token')}`,
  `WS#${ref('workspace')}`,
  `${ref('workspace')}#MEMBER#${ref('owner')}`,
  `${ref('workspace')}#ALERT_SETTINGS`,
  `${ref('otherWorkspace')}.6f1c1f4e-8d0b-4f7a-9a57-3c3f1d2b9e10`,
  `${ref('token')}~2030-01-01~99999999999999999999`,
  `${ref('token')}~2030-01-01~-1`,
  `${ref('token')}~9999-12-31~0`,
  `${ref('token')}~0001-01-01~365`,
  'a/b',
  '%',
  '😀'.repeat(100),
  'x'.repeat(2_000),
  '__proto__',
];

/** Whether the route's body and query schemas accept an input (placeholders as sample values). */
function acceptedBySchemas(route: RouteDefinition, input: RequestInput): boolean {
  const sample = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
        name.endsWith('Email') ? 'someone@example.com' : `sample-${name}`,
      ),
    ) as unknown;
  const body = input.body.kind === 'json' ? sample(input.body.value) : {};
  const query = Object.fromEntries(
    input.query.flatMap((part) => ('name' in part ? [[part.name, sample(part.value)]] : [])),
  ) as Record<string, unknown>;
  const accepts = (schema: z.ZodType | undefined, value: unknown) =>
    !schema || schema.safeParse(value).success;
  return accepts(route.request?.body, body) && accepts(route.request?.query, query);
}

/**
 * Requests that each get one part of a valid request wrong in a known way: every top-level body
 * field, every query parameter and every path parameter with each of the attacks above.
 */
export function attackInputs(route: RouteDefinition, seed: number): RequestInput[] {
  // A base the schemas accept, so that each attack is the one thing wrong with it.
  const candidates = fc.sample(request(route, 'nothing'), { seed, numRuns: 50 });
  const valid = candidates.find((input) => acceptedBySchemas(route, input)) ?? candidates[0]!;
  const base: RequestInput = { ...valid, caller: 'owner' };
  const inputs: RequestInput[] = [];
  const bodyValue = base.body.kind === 'json' ? base.body.value : {};
  for (const field of Object.keys(shapeOf(route.request?.body))) {
    for (const attack of FIELD_ATTACKS) {
      const value = { ...(bodyValue as Record<string, unknown>), [field]: attack };
      inputs.push({ ...base, wrong: 'body', body: { kind: 'json', value, base64: false } });
    }
  }
  for (const name of Object.keys(shapeOf(route.request?.query))) {
    for (const attack of QUERY_ATTACKS) {
      const others = base.query.filter((part) => !('name' in part) || part.name !== name);
      const values = typeof attack === 'string' ? [attack] : attack;
      const parts = values.map((value) => ({ name, value, encode: true }));
      inputs.push({ ...base, wrong: 'query', query: [...others, ...parts] });
    }
  }
  for (const parameter of Object.keys(base.pathParameters)) {
    for (const id of ID_ATTACKS) {
      const pathParameters = { ...base.pathParameters, [parameter]: id };
      inputs.push({ ...base, wrong: 'path', pathParameters });
    }
  }
  return inputs;
}
