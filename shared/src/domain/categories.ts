/**
 * The four token categories, their types, colours and the extra fields each one shows (the
 * dashboard's category columns) or accepts.
 */
import * as z from 'zod';
import { CATEGORIES, type Category } from './category-values';

export { CATEGORIES, type Category };

export const CERT_TYPES = ['ssl_cert', 'tls_cert', 'code_signing', 'client_cert'] as const;
export const KEY_SECRET_TYPES = [
  'api_key',
  'secret',
  'password',
  'encryption_key',
  'ssh_key',
] as const;
export const LICENSE_TYPES = [
  'software_license',
  'service_subscription',
  'domain_registration',
] as const;
export const GENERAL_TYPES = ['other', 'document', 'membership'] as const;

export const TOKEN_TYPES = [
  ...CERT_TYPES,
  ...KEY_SECRET_TYPES,
  ...LICENSE_TYPES,
  ...GENERAL_TYPES,
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const TYPES_BY_CATEGORY = {
  cert: CERT_TYPES,
  key_secret: KEY_SECRET_TYPES,
  license: LICENSE_TYPES,
  general: GENERAL_TYPES,
} as const satisfies Record<Category, readonly TokenType[]>;

/** The token types of one category: `TokenTypeOf<'cert'>` is `'ssl_cert' | 'tls_cert' | ...`. */
export type TokenTypeOf<C extends Category> = (typeof TYPES_BY_CATEGORY)[C][number];

export const categorySchema = z.enum(CATEGORIES);
export const tokenTypeSchema = z.enum(TOKEN_TYPES);

/** Fields a token may carry beyond the common ones, depending on its category. */
export type CategoryField =
  | 'domains'
  | 'issuer'
  | 'serial_number'
  | 'subject'
  | 'algorithm'
  | 'key_size'
  | 'location'
  | 'used_by'
  | 'description'
  | 'vendor'
  | 'license_type'
  | 'cost'
  | 'renewal_url'
  | 'renewal_date'
  | 'contacts';

export interface CategoryColumn {
  readonly field: CategoryField;
  readonly label: string;
}

export interface TypeDefinition {
  readonly value: TokenType;
  readonly label: string;
}

export interface CategoryDefinition {
  readonly value: Category;
  readonly label: string;
  /** Hex colour of the category's chip and card accent. */
  readonly color: string;
  readonly types: readonly TypeDefinition[];
  /** The dashboard table columns between Type and Expiration. */
  readonly columns: readonly CategoryColumn[];
  /** Extra fields the category's forms show and its tokens store. */
  readonly fields: readonly CategoryField[];
}

export const TYPE_LABELS: Readonly<Record<TokenType, string>> = {
  ssl_cert: 'SSL Certificate',
  tls_cert: 'TLS Certificate',
  code_signing: 'Code Signing Certificate',
  client_cert: 'Client Certificate',
  api_key: 'API Key',
  secret: 'Secret',
  password: 'Password',
  encryption_key: 'Encryption Key',
  ssh_key: 'SSH Key',
  software_license: 'Software License',
  service_subscription: 'Service Subscription',
  domain_registration: 'Domain Registration',
  other: 'Other',
  document: 'Document',
  membership: 'Membership',
};

function typeDefinitions(types: readonly TokenType[]): readonly TypeDefinition[] {
  return types.map((value) => ({ value, label: TYPE_LABELS[value] }));
}

export const CATEGORY_DEFINITIONS: Readonly<Record<Category, CategoryDefinition>> = {
  cert: {
    value: 'cert',
    label: 'Certificates',
    color: '#1E88E5',
    types: typeDefinitions(CERT_TYPES),
    columns: [
      { field: 'domains', label: 'Domains' },
      { field: 'issuer', label: 'Issuer' },
    ],
    fields: ['domains', 'issuer', 'serial_number', 'subject', 'algorithm', 'key_size'],
  },
  key_secret: {
    value: 'key_secret',
    label: 'Keys & Secrets',
    color: '#8E24AA',
    types: typeDefinitions(KEY_SECRET_TYPES),
    columns: [
      { field: 'location', label: 'Location' },
      { field: 'used_by', label: 'Used By' },
      { field: 'description', label: 'Description' },
    ],
    fields: ['location', 'used_by', 'description', 'algorithm', 'key_size'],
  },
  license: {
    value: 'license',
    label: 'Licenses',
    color: '#FFB300',
    types: typeDefinitions(LICENSE_TYPES),
    columns: [
      { field: 'vendor', label: 'Vendor' },
      { field: 'license_type', label: 'License Type' },
    ],
    fields: ['vendor', 'license_type', 'cost', 'renewal_url', 'renewal_date', 'contacts'],
  },
  general: {
    value: 'general',
    label: 'General',
    color: '#757575',
    types: typeDefinitions(GENERAL_TYPES),
    columns: [
      { field: 'location', label: 'Location' },
      { field: 'used_by', label: 'Used By' },
    ],
    fields: ['location', 'used_by'],
  },
};

/** The categories in display order, as a list. */
export const CATEGORY_LIST: readonly CategoryDefinition[] = CATEGORIES.map(
  (category) => CATEGORY_DEFINITIONS[category],
);

/** Types that may carry algorithm and key_size: encryption and SSH keys, all certs. */
export const CRYPTO_TYPES: readonly TokenType[] = [...CERT_TYPES, 'encryption_key', 'ssh_key'];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isTokenType(value: unknown): value is TokenType {
  return typeof value === 'string' && (TOKEN_TYPES as readonly string[]).includes(value);
}

/** Whether `type` is one of the types of `category`. */
export function isTypeOfCategory(category: Category, type: string): type is TokenType {
  return (TYPES_BY_CATEGORY[category] as readonly string[]).includes(type);
}

/** The category a type belongs to (every type belongs to exactly one). */
export function categoryOfType(type: TokenType): Category {
  const category = CATEGORIES.find((candidate) => isTypeOfCategory(candidate, type));
  if (!category) throw new Error(`Unknown token type ${String(type)}`);
  return category;
}

/** Whether a token of this type may have an algorithm and a key size. */
export function allowsCryptoFields(type: TokenType): boolean {
  return CRYPTO_TYPES.includes(type);
}

/**
 * The extra fields a token of this category and type stores: the category's fields, without
 * algorithm and key_size for key_secret types other than encryption_key and ssh_key.
 */
export function allowedCategoryFields(category: Category, type: TokenType): CategoryField[] {
  return CATEGORY_DEFINITIONS[category].fields.filter(
    (field) => (field !== 'algorithm' && field !== 'key_size') || allowsCryptoFields(type),
  );
}
