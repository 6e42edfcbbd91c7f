/**
 * Reading rows of an inventory file as token input, the same in the import's mapping step (web)
 * and in `POST /api/v1/workspaces/{id}/imports` (server): which column feeds which field
 * (matched by name, correctable by a mapping), and each row's values as the create and edit
 * schemas take them. Category and type accept their values, their labels and their natural names,
 * singular or plural ("SSL Certificates", "Certificate"); a row with a type and no category takes the type's category.
 */
import type { Category, TokenType } from './categories';
import {
  CATEGORY_DEFINITIONS,
  CATEGORIES,
  TOKEN_TYPES,
  TYPE_LABELS,
  TYPES_BY_CATEGORY,
  categoryOfType,
  isCategory,
  isTokenType,
} from './categories';
import { readRegisteredDomain, registeredDomainOf } from './registered-domains';
import { TOKEN_FILE_FIELDS, type TokenFileField } from './token-file';

/** What a column feeds: a field, or nothing (ignored). */
export type ColumnMapping = Readonly<Record<string, TokenFileField | null>>;

/** The fields a file must have columns for. */
export const REQUIRED_IMPORT_FIELDS = [
  'name',
  'type',
  'expiresAt',
] as const satisfies readonly TokenFileField[];

/** Field names in the words of the forms and of common inventory exports. */
export const IMPORT_FIELD_LABELS: Readonly<Record<TokenFileField, string>> = {
  name: 'Name',
  category: 'Category',
  type: 'Type',
  expiresAt: 'Expiration Date',
  section: 'Section',
  domains: 'Domains',
  issuer: 'Issuer',
  serial_number: 'Serial Number',
  subject: 'Subject',
  algorithm: 'Algorithm',
  key_size: 'Key Size',
  location: 'Location',
  used_by: 'Used By',
  description: 'Description',
  vendor: 'Vendor',
  license_type: 'License Type',
  cost: 'Cost',
  renewal_url: 'Renewal URL',
  renewal_date: 'Renewal Date',
  contacts: 'Contacts',
  notes: 'Notes',
  contact_group_id: 'Contact group id',
  additional_contact_group_ids: 'Additional contact group ids',
  owner: 'Owner',
  renews_automatically: 'Renews automatically',
  renewal_grace_days: 'Renewal grace days',
};

/** Other headers each field is known by (compared as `headerKey` makes them). */
const FIELD_ALIASES: Readonly<Partial<Record<TokenFileField, readonly string[]>>> = {
  name: ['token', 'tokenname', 'title', 'commonname', 'cn'],
  type: ['tokentype', 'kind'],
  expiresAt: ['expiration', 'expires', 'expiry', 'expirydate', 'expireson', 'notafter', 'validto'],
  domains: ['domain', 'hostnames', 'hostname', 'san', 'sans', 'subjectaltnames'],
  serial_number: ['serial'],
  key_size: ['keybits', 'bits'],
  cost: ['price'],
  renewal_url: ['url'],
  contacts: ['contact'],
  notes: ['note', 'comment', 'comments'],
  contact_group_id: ['contactgroup'],
  owner: ['owneremail', 'assignedto', 'assignee'],
  additional_contact_group_ids: ['additionalcontactgroups', 'contactgroups'],
  renews_automatically: ['autorenew', 'autorenews', 'autorenewal', 'renewsitself'],
  renewal_grace_days: ['gracedays', 'renewalgrace'],
};

/** A header as compared: lower-case letters and digits only ("Expiration Date" -> "expirationdate"). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_BY_HEADER: ReadonlyMap<string, TokenFileField> = new Map(
  TOKEN_FILE_FIELDS.flatMap((field) =>
    [field, IMPORT_FIELD_LABELS[field], ...(FIELD_ALIASES[field] ?? [])].map(
      (header) => [headerKey(header), field] as const,
    ),
  ),
);

/** The field a column's header names, if any. */
export function fieldOfHeader(header: string): TokenFileField | null {
  return FIELD_BY_HEADER.get(headerKey(header)) ?? null;
}

/**
 * The mapping of every column: `given` where it names the column, else the field its header
 * names; a field only once (the first column that names it). Columns of fields the product sets
 * (id, created_at…) and unknown ones map to nothing.
 */
export function resolveColumnMapping(
  columns: readonly string[],
  given: ColumnMapping = {},
): Record<string, TokenFileField | null> {
  const mapping: Record<string, TokenFileField | null> = {};
  const taken = new Set<TokenFileField>(
    Object.values(given).filter((field): field is TokenFileField => field !== null),
  );
  for (const column of columns) {
    if (Object.hasOwn(given, column)) {
      mapping[column] = given[column] ?? null;
      continue;
    }
    const field = fieldOfHeader(column);
    if (field !== null && !taken.has(field)) {
      taken.add(field);
      mapping[column] = field;
    } else {
      mapping[column] = null;
    }
  }
  return mapping;
}

/** The fields a mapping feeds twice, with their columns. */
export function doublyMappedFields(
  mapping: ColumnMapping,
): { field: TokenFileField; columns: string[] }[] {
  const columnsOf = new Map<TokenFileField, string[]>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field !== null) columnsOf.set(field, [...(columnsOf.get(field) ?? []), column]);
  }
  return [...columnsOf]
    .filter(([, columns]) => columns.length > 1)
    .map(([field, columns]) => ({ field, columns }));
}

/** Required fields no column feeds. */
export function unmappedRequiredFields(mapping: ColumnMapping): TokenFileField[] {
  const fed = new Set(Object.values(mapping));
  return REQUIRED_IMPORT_FIELDS.filter((field) => !fed.has(field));
}

/**
 * A category's or type's name as compared: its words in lower case, each in the singular, "and"
 * and punctuation left out ("Keys & Secrets", "key and secret" and "KEY_SECRET" are all "keysecret").
 */
export function valueNameKey(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && word !== 'and')
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    )
    .join('');
}

/** Other names a category is known by, beyond its value and label. */
const CATEGORY_ALIASES: Readonly<Record<Category, readonly string[]>> = {
  cert: ['Certificate', 'Cert'],
  key_secret: ['Key', 'Secret', 'Keys and Secrets'],
  license: ['License', 'Licence'],
  general: [],
};

const CATEGORY_BY_KEY: ReadonlyMap<string, Category> = new Map(
  CATEGORIES.flatMap((category) =>
    [category, CATEGORY_DEFINITIONS[category].label, ...CATEGORY_ALIASES[category]].map(
      (text) => [valueNameKey(text), category] as const,
    ),
  ),
);
/** Other names a type is known by, beyond its value and label. */
const TYPE_ALIASES: Readonly<Partial<Record<TokenType, readonly string[]>>> = {
  domain_registration: ['Domain', 'Domain name', 'Registered domain'],
};

const TYPE_BY_KEY: ReadonlyMap<string, TokenType> = new Map(
  TOKEN_TYPES.flatMap((type) =>
    [type, TYPE_LABELS[type], ...(TYPE_ALIASES[type] ?? [])].map(
      (text) => [valueNameKey(text), type] as const,
    ),
  ),
);

/**
 * A category's value from its value, label or another natural name, singular or plural, in any
 * case and spacing ("Certificate", "certs", "Keys & Secrets"); else the text as given.
 */
export function categoryValueOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return CATEGORY_BY_KEY.get(valueNameKey(value)) ?? value;
}

/** A type's value from its value or label, singular or plural, in any case and spacing; else the text as given. */
export function typeValueOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return TYPE_BY_KEY.get(valueNameKey(value)) ?? value;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The accepted categories, as a message lists them. */
export const ACCEPTED_CATEGORIES_TEXT = CATEGORIES.map(
  (category) => `${CATEGORY_DEFINITIONS[category].label} (${category})`,
).join(', ');

function acceptedTypesText(types: readonly TokenType[]): string {
  return types.map((type) => `${TYPE_LABELS[type]} (${type})`).join(', ');
}

/**
 * What is wrong with a row's category and type as names (after `rowInput`), with the values that
 * would be accepted: an unknown category, an unknown type, or a type of another category.
 */
export function categoryAndTypeProblems(
  input: Readonly<Record<string, unknown>>,
): { field: 'category' | 'type'; message: string }[] {
  const problems: { field: 'category' | 'type'; message: string }[] = [];
  const { category, type } = input;
  const knownCategory = isCategory(category);
  // Values that are not text are left to the token schemas' own messages.
  if (typeof category === 'string' && category !== '' && !knownCategory) {
    problems.push({
      field: 'category',
      message: `Category "${category}" is not known. Use one of: ${ACCEPTED_CATEGORIES_TEXT}.`,
    });
  }
  if (typeof type !== 'string' || type === '') return problems;
  if (!isTokenType(type)) {
    const types = knownCategory ? TYPES_BY_CATEGORY[category] : TOKEN_TYPES;
    problems.push({
      field: 'type',
      message: `Type "${type}" is not known. Use one of: ${acceptedTypesText(types)}.`,
    });
  } else if (knownCategory && !(TYPES_BY_CATEGORY[category] as readonly string[]).includes(type)) {
    problems.push({
      field: 'type',
      message: `Type "${TYPE_LABELS[type]}" is not of the ${CATEGORY_DEFINITIONS[category].label} category. Use one of: ${acceptedTypesText(TYPES_BY_CATEGORY[category])}.`,
    });
  }
  return problems;
}

/** A cell of a JSON row: text, number, list, null; anything else is kept for the schema to refuse. */
export type ImportCell = unknown;

/**
 * One row's input for the token schemas: the mapped fields only (a field without a column stays
 * absent, so an update keeps it), category and type as values, the category taken from the type
 * when the row has none. CSV cells are text; empty text is "no value" for the schemas.
 */
export function rowInput(
  record: Readonly<Record<string, ImportCell>>,
  mapping: ColumnMapping,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null || !Object.hasOwn(record, column)) continue;
    input[field] = record[column];
  }
  if ('category' in input) input.category = categoryValueOf(input.category);
  if ('type' in input) input.type = typeValueOf(input.type);
  if (isBlank(input.category) && isTokenType(input.type)) {
    input.category = categoryOfType(input.type);
  }
  return input;
}

/**
 * The domain a new "Domain registration" row follows through RDAP: the registered domain of its
 * first domain (a `Domain` column: `shop.example.com` follows `example.com`), else its name when
 * the name is a registered domain; null for other rows and for a name that is none (the token then
 * keeps its hand-entered date, as one typed in the form without a domain does). A domain cell
 * that is no domain at all is given as it is, so the row is refused with the form's message.
 */
export function followedDomainOfRow(input: Readonly<Record<string, unknown>>): string | null {
  if (input.type !== 'domain_registration' || input.registration_domain !== undefined) return null;
  const cell = input.domains;
  const first = (Array.isArray(cell) ? cell : typeof cell === 'string' ? cell.split(/[,;\n]+/) : [])
    .map((entry) => (typeof entry === 'string' ? entry.trim() : ''))
    .find((entry) => entry !== '');
  if (first !== undefined) return registeredDomainOf(first) ?? first;
  const { name } = input;
  if (typeof name !== 'string') return null;
  const reading = readRegisteredDomain(name);
  return 'domain' in reading ? reading.domain : null;
}

/** The key two rows (or a row and a stored token) share when they are one token: name and type. */
export function importKey(input: Readonly<Record<string, unknown>>): string | null {
  const { name, type } = input;
  if (typeof name !== 'string' || typeof type !== 'string') return null;
  const trimmed = name.trim();
  return trimmed === '' || type.trim() === '' ? null : `${type.trim()}\u0000${trimmed}`;
}
