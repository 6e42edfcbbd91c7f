/**
 * The token file: every field of a token, in the one column order the export writes and the
 * import reads, so an exported file imports back unchanged. The importable fields come first (the
 * create form's fields), then the ones the product sets, which the import ignores. In CSV a list of
 * domains is one cell, joined with ", "; empty values are empty cells. In JSON each row is an object
 * with these keys in this order and the token's own values (domains a list, numbers, null).
 */
import { writeCsv } from './csv-text';
import type { Token, TokenFields } from './token';

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
] as const satisfies readonly (keyof TokenFields)[];
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

export type TokenFileRecord = { [K in TokenFileColumn]: Token[K] };

/** A token as one JSON row of the file: its fields in file order. */
export function tokenFileRecord(token: Token): TokenFileRecord {
  return Object.fromEntries(
    TOKEN_FILE_COLUMNS.map((column) => [column, token[column]]),
  ) as TokenFileRecord;
}

/** The text of one CSV cell of a token's column. */
export function tokenCsvCell(token: Token, column: TokenFileColumn): string {
  const value = token[column];
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The tokens as a CSV file: the header row of column names, then one row per token. */
export function tokensToCsv(tokens: readonly Token[]): string {
  return writeCsv(
    TOKEN_FILE_COLUMNS,
    tokens.map((token) => TOKEN_FILE_COLUMNS.map((column) => tokenCsvCell(token, column))),
  );
}

/** The tokens as a JSON file: an array of rows. */
export function tokensToJson(tokens: readonly Token[]): string {
  return JSON.stringify(tokens.map(tokenFileRecord));
}
