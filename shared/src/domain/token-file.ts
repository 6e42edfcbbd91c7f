/**
 * The token file: every field of a token, in the one column order the export writes and the
 * import reads, so an exported file imports back unchanged. The importable fields come first (the
 * create form's fields), then the ones the product sets, which the import ignores. In CSV a list of
 * domains is one cell, joined with ", "; empty values are empty cells. In JSON each row is an object
 * with these keys in this order and the token's own values (domains a list, numbers, null).
 *
 * One column is not a token field: `owner`, the email address of the token's owner (a member of
 * the workspace; the token stores the member's id, `owner_id`), empty for none.
 */
import { writeCsv } from './csv-text';
import type { Token, TokenFields } from './token';
import { storedValueOf } from './token-alert-fields';

/** The fields an import may set, in file order. */
export const TOKEN_FILE_FIELDS = [
  'name',
  'category',
  'type',
  'expiresAt',
  'section',
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
  'owner',
  'renews_automatically',
  'renewal_grace_days',
] as const satisfies readonly (keyof TokenFields | 'owner')[];
export type TokenFileField = (typeof TOKEN_FILE_FIELDS)[number];

/** Set by the product: exported, ignored by the import. */
export const TOKEN_FILE_READ_ONLY_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'workspace_id',
] as const satisfies readonly Exclude<keyof Token, keyof TokenFields>[];

export const TOKEN_FILE_COLUMNS = [...TOKEN_FILE_FIELDS, ...TOKEN_FILE_READ_ONLY_COLUMNS] as const;

/**
 * Not in the file: a certificate's TLS endpoints (with their last checks), their check frequency
 * and a domain registration's followed domain are monitoring settings, set in the token form, and a discovered token's `source`
 * names its integration in this workspace, which a file imported elsewhere (or again) must not
 * claim to be; an import leaves them as they are. A new "Domain registration" row follows its
 * domain all the same: the one its Domain column names, else its name (token-import.ts
 * `followedDomainOfRow`).
 */
export const TOKEN_FIELDS_OUTSIDE_THE_FILE = [
  'endpoints',
  'endpoint_check_frequency',
  'registration',
  'source',
] as const;
export type TokenFileColumn = (typeof TOKEN_FILE_COLUMNS)[number];

export type TokenFileRecord = {
  [K in TokenFileColumn]: K extends keyof Token ? Token[K] : string | null;
};

/** The address of a token's owner (null: none, or no longer known). */
export type OwnerEmailOf = (token: Token) => string | null;

const noOwners: OwnerEmailOf = () => null;

function cellValue(
  token: Token,
  column: TokenFileColumn,
  ownerEmailOf: OwnerEmailOf,
): Token[Exclude<TokenFileColumn, 'owner'>] | string | null {
  if (column === 'owner') return ownerEmailOf(token);
  return storedValueOf(token, column) as Token[typeof column];
}

/** A token as one JSON row of the file: its fields in file order. */
export function tokenFileRecord(
  token: Token,
  ownerEmailOf: OwnerEmailOf = noOwners,
): TokenFileRecord {
  return Object.fromEntries(
    TOKEN_FILE_COLUMNS.map((column) => [column, cellValue(token, column, ownerEmailOf)]),
  ) as TokenFileRecord;
}

/** The text of one CSV cell of a token's column. */
export function tokenCsvCell(
  token: Token,
  column: TokenFileColumn,
  ownerEmailOf: OwnerEmailOf = noOwners,
): string {
  const value = cellValue(token, column, ownerEmailOf);
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The tokens as a CSV file: the header row of column names, then one row per token. */
export function tokensToCsv(
  tokens: readonly Token[],
  ownerEmailOf: OwnerEmailOf = noOwners,
): string {
  return writeCsv(
    TOKEN_FILE_COLUMNS,
    tokens.map((token) =>
      TOKEN_FILE_COLUMNS.map((column) => tokenCsvCell(token, column, ownerEmailOf)),
    ),
  );
}

/** The tokens as a JSON file: an array of rows. */
export function tokensToJson(
  tokens: readonly Token[],
  ownerEmailOf: OwnerEmailOf = noOwners,
): string {
  return JSON.stringify(tokens.map((token) => tokenFileRecord(token, ownerEmailOf)));
}
