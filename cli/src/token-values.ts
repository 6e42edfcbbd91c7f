/**
 * The token categories, types and fields the API takes, for checking `tokens add` before anything
 * is sent. The tool is published on its own and imports nothing of the repository: these are the
 * product's own lists (shared/src/domain/categories.ts and token-file.ts), and its refusals are
 * worded as the import words them; test/api/cli.test.ts holds both to the shared ones.
 */
import { CliError, EXIT } from './exit-codes.js';

const CATEGORY_LABELS = {
  cert: 'Certificates',
  key_secret: 'Keys & Secrets',
  license: 'Licenses',
  general: 'General',
} as const;
type Category = keyof typeof CATEGORY_LABELS;

/** Each type with its label and its category, in the product's order. */
const TYPES: readonly { value: string; label: string; category: Category }[] = [
  { value: 'ssl_cert', label: 'SSL Certificate', category: 'cert' },
  { value: 'tls_cert', label: 'TLS Certificate', category: 'cert' },
  { value: 'code_signing', label: 'Code Signing Certificate', category: 'cert' },
  { value: 'client_cert', label: 'Client Certificate', category: 'cert' },
  { value: 'api_key', label: 'API Key', category: 'key_secret' },
  { value: 'secret', label: 'Secret', category: 'key_secret' },
  { value: 'password', label: 'Password', category: 'key_secret' },
  { value: 'encryption_key', label: 'Encryption Key', category: 'key_secret' },
  { value: 'ssh_key', label: 'SSH Key', category: 'key_secret' },
  { value: 'software_license', label: 'Software License', category: 'license' },
  { value: 'service_subscription', label: 'Service Subscription', category: 'license' },
  { value: 'domain_registration', label: 'Domain Registration', category: 'license' },
  { value: 'other', label: 'Other', category: 'general' },
  { value: 'document', label: 'Document', category: 'general' },
  { value: 'membership', label: 'Membership', category: 'general' },
];

export const TOKEN_TYPE_VALUES = TYPES.map((type) => type.value);

/** The fields `tokens add --field` may set: the import's fields without their own options. */
export const FIELD_OPTION_NAMES = [
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
  'notes',
  'contact_group_id',
  'additional_contact_group_ids',
  'renews_automatically',
  'renewal_grace_days',
] as const;

/** Fields with an option of their own, and the option. */
const OWN_OPTIONS: Readonly<Record<string, string>> = {
  name: '--name',
  type: '--type',
  category: '--category',
  expiresAt: '--expires',
  section: '--section',
};

const isCategory = (value: string): value is Category => Object.hasOwn(CATEGORY_LABELS, value);

const typesText = (types: readonly { value: string; label: string }[]) =>
  types.map((type) => `${type.label} (${type.value})`).join(', ');

const refused = (message: string) => new CliError(EXIT.usage, message, { showHelp: false });

/** A category as given (`cert`), refused with the import's message when unknown. */
export function checkedCategory(category: string): Category {
  if (isCategory(category)) return category;
  const accepted = Object.entries(CATEGORY_LABELS)
    .map(([value, label]) => `${label} (${value})`)
    .join(', ');
  throw refused(`Category "${category}" is not known. Use one of: ${accepted}.`);
}

/**
 * A type (its value or its label, in any case) and its category (the given one, else the type's),
 * refused with the import's messages: an unknown type, or one of another category.
 */
export function checkedTypeAndCategory(
  type: string,
  category: string | undefined,
): { type: string; category: Category } {
  const given = category === undefined ? undefined : checkedCategory(category);
  const found = TYPES.find(
    (candidate) =>
      candidate.value === type || candidate.label.toLowerCase() === type.trim().toLowerCase(),
  );
  const ofCategory = TYPES.filter((candidate) => candidate.category === given);
  if (!found) {
    throw refused(
      `Type "${type}" is not known. Use one of: ${typesText(given ? ofCategory : TYPES)}.`,
    );
  }
  if (given && found.category !== given) {
    throw refused(
      `Type "${found.label}" is not of the ${CATEGORY_LABELS[given]} category. Use one of: ${typesText(ofCategory)}.`,
    );
  }
  return { type: found.value, category: found.category };
}

/** `--field name=value` pairs as the body's fields, refusing names the API does not take. */
export function fieldsOfOptions(pairs: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new CliError(EXIT.usage, `--field takes name=value, not "${pair}".`);
    const name = pair.slice(0, at);
    const option = OWN_OPTIONS[name];
    if (option) throw refused(`--field ${name}: give it with ${option}.`);
    if (!(FIELD_OPTION_NAMES as readonly string[]).includes(name)) {
      throw refused(
        `--field ${name}: no such token field. Use one of: ${FIELD_OPTION_NAMES.join(', ')}.`,
      );
    }
    fields[name] = pair.slice(at + 1);
  }
  return fields;
}
