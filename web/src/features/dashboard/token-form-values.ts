/**
 * The token forms' values: everything as the inputs hold it (text), turned into API bodies by the
 * shared schemas. Also the labels and input kinds of the category fields.
 */
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Category, CategoryField, TokenType } from '@expiry-radar/shared/domain/categories';
import {
  CATEGORY_DEFINITIONS,
  allowedCategoryFields,
  isCategory,
} from '@expiry-radar/shared/domain/categories';
import { parseDate, toIsoDate } from '@expiry-radar/shared/domain/calendar-date';
import type { CreateTokenData } from '@expiry-radar/shared/domain/create-token-schema';
import { createTokenFormSchema } from '@expiry-radar/shared/domain/create-token-schema';
import { displayDomainList } from '@expiry-radar/shared/domain/domain-names';
import { endpointsToText } from '@expiry-radar/shared/domain/endpoints';
import { displayDomain } from '@expiry-radar/shared/domain/registered-domains';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { TokenUpdate } from '@expiry-radar/shared/domain/update-token-schema';
import { updateTokenSchema } from '@expiry-radar/shared/domain/update-token-schema';

export interface TokenFormValues {
  name: string;
  category: Category | '';
  type: TokenType | '';
  expiresAt: string;
  section: string;
  contact_group_id: string;
  /** More contact groups alerted for the token. */
  additional_contact_group_ids: string[];
  owner_id: string;
  /** 'true' or 'false'; '' (a new token, untouched): the default for its kind. */
  renews_automatically: '' | 'true' | 'false';
  /** Days before expiry ('' for the workspace's). */
  renewal_grace_days: string;
  domains: string;
  issuer: string;
  serial_number: string;
  subject: string;
  algorithm: string;
  key_size: string;
  location: string;
  used_by: string;
  description: string;
  vendor: string;
  license_type: string;
  cost: string;
  renewal_url: string;
  renewal_date: string;
  contacts: string;
  /** Certificates: TLS endpoints, one per line (`host[:port] [SNI name]`). */
  endpoints: string;
  /** Domain registrations: the registered domain followed through RDAP ('' for none). */
  registration_domain: string;
  notes: string;
}

export const CATEGORY_FIELD_NAMES: readonly CategoryField[] = [
  'domains',
  'issuer',
  'serial_number',
  'subject',
  'algorithm',
  'key_size',
  'location',
  'used_by',
  'description',
  'vendor',
  'license_type',
  'cost',
  'renewal_url',
  'renewal_date',
  'contacts',
];

export const EMPTY_TOKEN_FORM: TokenFormValues = {
  name: '',
  category: '',
  type: '',
  expiresAt: '',
  section: '',
  contact_group_id: '',
  additional_contact_group_ids: [],
  owner_id: '',
  renews_automatically: '',
  renewal_grace_days: '',
  domains: '',
  issuer: '',
  serial_number: '',
  subject: '',
  algorithm: '',
  key_size: '',
  location: '',
  used_by: '',
  description: '',
  vendor: '',
  license_type: '',
  cost: '',
  renewal_url: '',
  renewal_date: '',
  contacts: '',
  endpoints: '',
  registration_domain: '',
  notes: '',
};

export type FieldInputKind = 'text' | 'multiline' | 'number' | 'date' | 'url';

export interface CategoryFieldSpec {
  readonly label: string;
  readonly kind: FieldInputKind;
  readonly helper?: string;
}

/** Labels (as the dashboard's columns name them) and input kinds of the category fields. */
export const CATEGORY_FIELD_SPECS: Readonly<Record<CategoryField, CategoryFieldSpec>> = {
  domains: {
    label: 'Domains',
    kind: 'text',
    helper: 'Comma-separated, e.g. example.com, *.example.org',
  },
  issuer: { label: 'Issuer', kind: 'text' },
  serial_number: { label: 'Serial Number', kind: 'text' },
  subject: { label: 'Subject', kind: 'text' },
  algorithm: { label: 'Algorithm', kind: 'text' },
  key_size: { label: 'Key Size', kind: 'number' },
  location: { label: 'Location', kind: 'text' },
  used_by: { label: 'Used By', kind: 'text' },
  description: { label: 'Description', kind: 'multiline' },
  vendor: { label: 'Vendor', kind: 'text' },
  license_type: { label: 'License Type', kind: 'text' },
  cost: { label: 'Cost', kind: 'number' },
  renewal_url: { label: 'Renewal URL', kind: 'url' },
  renewal_date: { label: 'Renewal Date', kind: 'date' },
  contacts: { label: 'Contacts', kind: 'text' },
};

/** The category fields a form shows for a category and type (algorithm/key size: crypto types). */
export function visibleCategoryFields(
  category: Category | '',
  type: TokenType | '',
): CategoryField[] {
  if (!isCategory(category)) return [];
  if (type !== '') return allowedCategoryFields(category, type);
  return CATEGORY_DEFINITIONS[category].fields.filter(
    (field) => field !== 'algorithm' && field !== 'key_size',
  );
}

/** A stored date as the date input holds it (`YYYY-MM-DD`, the UTC day); '' when missing. */
export function toDateInput(value: string | null): string {
  if (!value) return '';
  const instant = parseDate(value);
  return instant ? toIsoDate(instant) : value;
}

/** The edit form's values for a stored token. */
export function tokenToFormValues(token: Token): TokenFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    name: token.name,
    category: token.category,
    type: token.type,
    expiresAt: toDateInput(token.expiresAt),
    section: text(token.section),
    contact_group_id: text(token.contact_group_id),
    additional_contact_group_ids: [...(token.additional_contact_group_ids ?? [])],
    owner_id: token.owner_id ?? '',
    renews_automatically: token.renews_automatically ? 'true' : 'false',
    renewal_grace_days:
      token.renewal_grace_days === null || token.renewal_grace_days === undefined
        ? ''
        : String(token.renewal_grace_days),
    domains: displayDomainList(token.domains),
    issuer: text(token.issuer),
    serial_number: text(token.serial_number),
    subject: text(token.subject),
    algorithm: text(token.algorithm),
    key_size: token.key_size === null ? '' : String(token.key_size),
    location: text(token.location),
    used_by: text(token.used_by),
    description: text(token.description),
    vendor: text(token.vendor),
    license_type: text(token.license_type),
    cost: token.cost === null ? '' : String(token.cost),
    renewal_url: text(token.renewal_url),
    renewal_date: toDateInput(token.renewal_date),
    contacts: text(token.contacts),
    endpoints: endpointsToText(token.endpoints),
    registration_domain: token.registration ? displayDomain(token.registration.domain) : '',
    notes: text(token.notes),
  };
}

/**
 * The create form's resolver: the shared create schema (with its messages). The inputs hold text
 * ('' for an unchosen category or type), which the schema accepts and reports on.
 */
export function createTokenResolver(): Resolver<TokenFormValues, unknown, CreateTokenData> {
  return zodResolver(createTokenFormSchema) as unknown as Resolver<
    TokenFormValues,
    unknown,
    CreateTokenData
  >;
}

/**
 * The edit form's resolver: the shared edit schema with the token's category, type and current
 * expiry (an unchanged expiry is accepted even when past; the key size minimum is 1).
 */
export function editTokenResolver(token: Token): Resolver<TokenFormValues, unknown, TokenUpdate> {
  const schema = updateTokenSchema({
    current: {
      category: token.category,
      type: token.type,
      expiresAt: toDateInput(token.expiresAt),
    },
  });
  return zodResolver(schema) as unknown as Resolver<TokenFormValues, unknown, TokenUpdate>;
}

/** The edit's body: an unchanged expiry is left out, so the stored value (and its time) stays. */
export function editBody(token: Token, update: TokenUpdate): TokenUpdate {
  const { expiresAt, ...rest } = update;
  return expiresAt === undefined || expiresAt === toDateInput(token.expiresAt)
    ? rest
    : { ...rest, expiresAt };
}
