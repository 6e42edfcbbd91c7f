/**
 * Scans reported by the `expiry-radar` command-line tool (`scan files`, `scan kubernetes`):
 * what a scan found, sent whole, so the workspace's tokens are brought in step with it as an
 * integration's sync does. Each item is matched by its id at the source within the scan's origin
 * (the scanner and its scope: a host, a cluster), never by name: found and unknown, created; found
 * and known, updated when it differs; known to the origin and no longer found, marked "removed at
 * source" (only under the scanned roots, so scanning one folder never marks another's removed).
 */
import * as z from 'zod';
import { CERT_TYPES } from '../domain/categories';
import {
  domainsField,
  expiresAtField,
  keySizeField,
  nameField,
  optionalDateField,
  optionalTextField,
} from '../domain/token-field-schemas';
import { EDIT_KEY_SIZE_RANGE } from '../domain/token-form-ranges';
import { syncReportSchema } from './integration-api-schemas';

/** The scanners of the command-line tool; each is a token source kind of its own. */
export const SCANNERS = ['files', 'kubernetes'] as const;
export type Scanner = (typeof SCANNERS)[number];

/** Items one scan report carries (a workspace holds at most 5,000 tokens on any plan). */
export const SCAN_MAX_ITEMS = 5000;
/** Length of a scope, an item's id at the source and a scanned root. */
export const SCAN_ID_MAX_LENGTH = 500;
/** Roots one report may name. */
export const SCAN_MAX_ROOTS = 100;

const scanId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(SCAN_ID_MAX_LENGTH, `${label} must be ${SCAN_ID_MAX_LENGTH} characters or less`);

export const scanItemSchema = z.object({
  external_id: scanId('external_id'),
  name: nameField,
  type: z.enum(CERT_TYPES, { error: `type must be one of ${CERT_TYPES.join(', ')}` }),
  expiresAt: expiresAtField(null),
  domains: domainsField.optional(),
  issuer: optionalTextField('issuer').optional(),
  subject: optionalTextField('subject').optional(),
  serial_number: optionalTextField('serial_number').optional(),
  algorithm: optionalTextField('algorithm').optional(),
  key_size: keySizeField(EDIT_KEY_SIZE_RANGE).optional(),
  location: optionalTextField('location').optional(),
  renewal_date: optionalDateField.optional(),
  description: optionalTextField('description').optional(),
});
export type ScanItem = z.infer<typeof scanItemSchema>;

export const reportScanBody = z.object({
  scanner: z.enum(SCANNERS, { error: `scanner must be one of ${SCANNERS.join(', ')}` }),
  /** What was scanned: a host name, a cluster's name. Tokens are matched within it. */
  scope: scanId('scope'),
  /**
   * The parts of the scope this scan covered (folders, namespaces): only tokens whose id at the
   * source starts with one of them may be marked removed. Absent: the whole scope.
   */
  roots: z
    .array(scanId('A root'))
    .max(SCAN_MAX_ROOTS, `A scan names at most ${SCAN_MAX_ROOTS} roots`)
    .optional(),
  /** Parts of the scope that could not be read this time: their tokens are not marked removed. */
  unread: z
    .array(scanId('An unread part'))
    .max(SCAN_MAX_ROOTS, `A scan names at most ${SCAN_MAX_ROOTS} unread parts`)
    .default([]),
  items: z
    .array(scanItemSchema)
    .max(SCAN_MAX_ITEMS, `A scan reports at most ${SCAN_MAX_ITEMS} items`),
  dry_run: z.boolean().default(false),
});
export type ReportScanBody = z.infer<typeof reportScanBody>;

/** What the scan changed (or, with dry_run, would change), as an integration's sync answers. */
export const reportScanResponse = syncReportSchema;
