/**
 * The product's words for a refusal whose schema gives none of its own. Most fields carry their
 * own message ("Name must be 100 characters or less"); any that does not would otherwise answer in
 * the schema library's words ("Too big: expected string to have <=255 characters"), which the API
 * returns and the forms show as typed. `installProductValidationMessages` makes these the default for
 * every schema: the API's request validation and the web app's forms each call it once as they
 * start, so both say the same.
 */
import { config, type core } from 'zod';

type Issue = core.$ZodRawIssue;

/** Words written in capitals wherever a field's name holds them. */
const ACRONYMS: Readonly<Record<string, string>> = {
  api: 'API',
  ca: 'CA',
  dns: 'DNS',
  id: 'ID',
  ids: 'IDs',
  ip: 'IP',
  oidc: 'OIDC',
  saml: 'SAML',
  scim: 'SCIM',
  sni: 'SNI',
  sso: 'SSO',
  tls: 'TLS',
  ttl: 'TTL',
  url: 'URL',
  urls: 'URLs',
  xml: 'XML',
};

/** "renewal_url" and "renewalUrl" read "Renewal URL"; a list's item is named by its list. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (!name) return 'The request';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const [first = name, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'empty',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  url: 'a valid URL',
  email: 'a valid email address',
  uuid: 'a valid ID',
  guid: 'a valid ID',
  datetime: 'a valid date and time',
  date: 'a valid date (YYYY-MM-DD)',
  time: 'a valid time',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${count === 1 || count === 1n ? one : many}`;

function tooBig(label: string, issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum, inclusive } = issue;
  switch (issue.origin) {
    case 'string':
      return `${label} must be ${plural(maximum, 'character', 'characters')} or less`;
    case 'array':
    case 'set':
      return `${label} can hold at most ${plural(maximum, 'item', 'items')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive
        ? `${label} must be ${maximum} or less`
        : `${label} must be less than ${maximum}`;
    default:
      return `${label} is too large`;
  }
}

function tooSmall(label: string, issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum, inclusive } = issue;
  switch (issue.origin) {
    case 'string':
      return Number(minimum) <= 1
        ? `${label} is required`
        : `${label} must be at least ${plural(minimum, 'character', 'characters')}`;
    case 'array':
    case 'set':
      return `${label} must hold at least ${plural(minimum, 'item', 'items')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive
        ? `${label} must be ${minimum} or more`
        : `${label} must be more than ${minimum}`;
    default:
      return `${label} is too small`;
  }
}

function listOf(values: readonly unknown[]): string {
  return values
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join(', ');
}

/** The product's message for `issue`, from its code and the field it is about. */
export function productValidationMessage(issue: Issue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'too_big':
      return tooBig(label, issue);
    case 'too_small':
      return tooSmall(label, issue);
    case 'invalid_type':
      if (issue.input === undefined) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `${label} must be ${listOf(issue.values)}`
        : `${label} must be one of: ${listOf(issue.values)}`;
    case 'invalid_format': {
      const words = FORMAT_WORDS[issue.format];
      return words ? `${label} must be ${words}` : `${label} is not in the expected format`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Unknown field: ${issue.keys[0]}`
        : `Unknown fields: ${issue.keys.join(', ')}`;
    default:
      return `${label} is not valid`;
  }
}

/** Makes the product's messages the default of every schema that gives none of its own. */
export function installProductValidationMessages(): void {
  config({ customError: (issue) => productValidationMessage(issue) });
}
