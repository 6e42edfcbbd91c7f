/** The exact validation messages of the token forms and the API, all in one style. */
import type { NumberRange } from './token-form-ranges';

export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be 100 characters or less',
  typeRequired: 'Type is required',
  categoryRequired: 'Category is required',
  invalidCategory: 'Invalid category',
  expiresAtRequired: 'Expiration date is required',
  invalidDate: 'Invalid date format',
  expiresAtNotFuture: 'Expiration date must be in the future',
  invalidDomains: 'Please provide at least one valid domain',
  invalidCost: 'Cost must be a valid positive number',
  costTooHigh: 'Cost must be less than 1 trillion',
  invalidKeySize: 'Key size must be a valid positive integer',
  algorithmNotAllowed: 'Algorithm is only valid for encryption keys, SSH keys and certificates',
  keySizeNotAllowed: 'Key size is only valid for encryption keys, SSH keys and certificates',
  typeCategoryImmutable: 'Type and category cannot be changed',
  invalidRenewalUrl: 'Renewal URL must start with http:// or https://',
  invalidText: 'Must be text',
  workspaceRequired: 'Workspace is required',
  invalidContactGroup: 'Invalid contact group',
  invalidOwner: 'Invalid owner',
} as const;

/** "Invalid type for cert category" (the category's value is substituted). */
export function invalidTypeMessage(category: string): string {
  return `Invalid type for ${category} category`;
}

const NAMED_DOMAINS_MAX = 3;
const NAMED_DOMAIN_MAX_LENGTH = 60;

/**
 * The domain message naming the entries that are not domains:
 * 'Please provide at least one valid domain: "localhost" is not valid'; several:
 * '…: "a", "b" are not valid'; beyond three, '…: "a", "b", "c" and 2 more are not valid'. Each
 * entry is quoted as given (trimmed) and cut at 60 characters.
 */
export function invalidDomainsMessage(entries: readonly string[]): string {
  if (entries.length === 0) return VALIDATION_MESSAGES.invalidDomains;
  const quoted = entries.slice(0, NAMED_DOMAINS_MAX).map((entry) => {
    const characters = Array.from(entry);
    const text =
      characters.length > NAMED_DOMAIN_MAX_LENGTH
        ? `${characters.slice(0, NAMED_DOMAIN_MAX_LENGTH - 1).join('')}…`
        : entry;
    return `"${text}"`;
  });
  const more = entries.length - quoted.length;
  const named = more > 0 ? `${quoted.join(', ')} and ${more} more` : quoted.join(', ');
  return `${VALIDATION_MESSAGES.invalidDomains}: ${named} ${entries.length === 1 ? 'is' : 'are'} not valid`;
}

/** "Key size must be between 128 and 16384". */
export function keySizeRangeMessage(range: NumberRange): string {
  return `Key size must be between ${range.min} and ${range.max}`;
}
