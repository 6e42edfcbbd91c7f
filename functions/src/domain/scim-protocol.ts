/**
 * SCIM 2.0 (RFC 7643, RFC 7644) as the provisioning routes speak it: the schema URNs, the error
 * shape, the filters identity providers send (`userName eq "…"`, `externalId eq "…"`,
 * `displayName eq "…"`, joined with `and`) and PATCH operations as Entra ID and Okta send them
 * (op names in any case, path-less value objects, "True"/"False" as strings).
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_MEDIA_TYPE = 'application/scim+json';

/** RFC 7644 §3.12's `scimType` values this service answers. */
export type ScimErrorType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'uniqueness'
  | 'mutability'
  | 'noTarget'
  | 'tooMany';

/** A refusal in the protocol's shape; the SCIM handlers answer it as RFC 7644 §3.12 says. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimErrorType,
    /** Headers of the answer besides the content type (a 405's Allow). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export function scimErrorBody(error: ScimError) {
  return {
    schemas: [SCIM_SCHEMAS.error],
    status: String(error.status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.message,
  };
}

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

// Filters

export type ScimFilterValue = string | boolean | null;

/** One `attribute eq value` comparison; the attribute lower-cased (SCIM names are case-insensitive). */
export interface ScimEquality {
  readonly attribute: string;
  readonly value: ScimFilterValue;
}

const FILTER_PART = /^\s*([A-Za-z][\w.:-]*)\s+(eq)\s+("(?:[^"\\]|\\.)*"|true|false|null)\s*$/i;

/**
 * The comparisons of a filter, all of which must hold; undefined for no filter. Only `eq`, and
 * `and` between comparisons: anything else is 400 invalidFilter, never a silent full listing.
 */
export function parseScimFilter(
  filter: string | undefined,
  attributes: readonly string[],
): ScimEquality[] | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  // Entra ID matches on the work address this way when mail is its matching attribute.
  const plain = filter.replace(/emails\[\s*type\s+eq\s+"work"\s*\]\.value/gi, 'emails.value');
  const parts = splitOutsideQuotes(plain, /\s+and\s+/i);
  return parts.map((part) => {
    const match = FILTER_PART.exec(part);
    if (!match) {
      throw new ScimError(
        400,
        `The filter "${filter}" is not supported: use attribute eq "value", joined with and.`,
        'invalidFilter',
      );
    }
    const attribute = match[1]!.toLowerCase();
    if (!attributes.includes(attribute)) {
      throw new ScimError(
        400,
        `Filtering on ${match[1]} is not supported; filter on ${attributes.join(', ')}.`,
        'invalidFilter',
      );
    }
    const raw = match[3]!;
    const lower = raw.toLowerCase();
    let value: ScimFilterValue;
    if (lower === 'true') value = true;
    else if (lower === 'false') value = false;
    else if (lower === 'null') value = null;
    else value = parseQuoted(raw, filter);
    return { attribute, value };
  });
}

function parseQuoted(raw: string, filter: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    throw new ScimError(400, `The filter "${filter}" holds a broken string.`, 'invalidFilter');
  }
}

/** Splits on `separator` where it is not inside a quoted string. */
function splitOutsideQuotes(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '"' && text[index - 1] !== '\\') quoted = !quoted;
    if (!quoted) {
      const rest = text.slice(index);
      const match = rest.match(separator);
      if (match?.index === 0) {
        parts.push(current);
        current = '';
        index += match[0].length - 1;
        continue;
      }
    }
    current += character;
  }
  parts.push(current);
  return parts;
}

/** Whether a value matches a filter's value (strings compared without regard to case, RFC 7644 §3.4.2.2 for caseExact false). */
export function scimValueMatches(actual: ScimFilterValue | undefined, wanted: ScimFilterValue) {
  if (typeof actual === 'string' && typeof wanted === 'string') {
    return actual.toLowerCase() === wanted.toLowerCase();
  }
  return (actual ?? null) === wanted;
}

/**
 * Whether a resource whose filterable attributes have `values` (by lower-cased name) matches
 * every comparison of a filter; no filter (undefined) matches all.
 */
export function matchesScimFilter(
  conditions: readonly ScimEquality[] | undefined,
  values: Readonly<Record<string, ScimFilterValue>>,
): boolean {
  return (
    conditions?.every((condition) =>
      scimValueMatches(values[condition.attribute], condition.value),
    ) ?? true
  );
}

// Paging

export interface ScimPage {
  /** 1-based. */
  readonly startIndex: number;
  readonly count: number;
}

export const SCIM_MAX_PAGE_SIZE = 100;

/** `startIndex` below 1 counts as 1 and a negative `count` as 0 (RFC 7644 §3.4.2.4). */
export function parseScimPage(startIndex: string | undefined, count: string | undefined): ScimPage {
  const whole = (text: string | undefined, name: string, fallback: number) => {
    if (text === undefined || text === '') return fallback;
    if (!/^-?\d{1,9}$/.test(text)) {
      throw new ScimError(400, `${name} must be a whole number.`, 'invalidValue');
    }
    return Number(text);
  };
  return {
    startIndex: Math.max(1, whole(startIndex, 'startIndex', 1)),
    count: Math.min(SCIM_MAX_PAGE_SIZE, Math.max(0, whole(count, 'count', SCIM_MAX_PAGE_SIZE))),
  };
}

export function listResponse<T>(all: readonly T[], page: ScimPage) {
  const resources = all.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: all.length,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

// PATCH

export interface ScimPatchOperation {
  readonly op: 'add' | 'replace' | 'remove';
  /** Lower-cased; null for a path-less operation (its value is an object of attributes). */
  readonly path: string | null;
  readonly value: unknown;
}

export const MAX_PATCH_OPERATIONS = 1000;

/** The operations of a PatchOp body, with op names lower-cased. */
export function parsePatchOperations(body: unknown): ScimPatchOperation[] {
  const operations = isRecord(body) ? (body.Operations ?? body.operations) : undefined;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new ScimError(400, 'A PATCH request needs an Operations list.', 'invalidSyntax');
  }
  if (operations.length > MAX_PATCH_OPERATIONS) {
    throw new ScimError(400, `At most ${MAX_PATCH_OPERATIONS} operations in one PATCH.`, 'tooMany');
  }
  return operations.map((operation: unknown) => {
    if (!isRecord(operation) || typeof operation.op !== 'string') {
      throw new ScimError(400, 'Each operation needs an op.', 'invalidSyntax');
    }
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') {
      throw new ScimError(400, `Unknown operation "${operation.op}".`, 'invalidSyntax');
    }
    const { path } = operation;
    if (path !== undefined && typeof path !== 'string') {
      throw new ScimError(400, 'An operation path must be text.', 'invalidPath');
    }
    if (path === undefined && op !== 'remove' && !isRecord(operation.value)) {
      throw new ScimError(
        400,
        'An operation without a path needs an object value.',
        'invalidValue',
      );
    }
    if (path === undefined && op === 'remove') {
      throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    }
    return { op, path: path === undefined ? null : path.trim(), value: operation.value };
  });
}

/** A boolean as providers send it: true/false, or Entra ID's "True"/"False" strings. */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidValue(`${attribute} must be true or false.`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of at most `max` characters, or null when absent; else 400 invalidValue. */
export function optionalScimText(value: unknown, attribute: string, max = 256): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    throw invalidValue(`${attribute} must be text of at most ${max} characters.`);
  }
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
