/**
 * zod schemas of single token fields, shared by the create, edit and renew schemas. Inputs are
 * what forms and JSON bodies send (numbers may arrive as strings, domains as one string); outputs
 * are normalized: trimmed text, empty optional text as null, parsed numbers, canonical dates.
 */
import * as z from 'zod';
import { categorySchema } from './categories';
import { PRIVATE_KEY_MESSAGE, holdsPrivateKey } from './certificate-text';
import type { Clock } from './calendar-date';
import { isAfterTodaySomewhere, normalizeDate, parseDate, readClock } from './calendar-date';
import { invalidDomainEntries, joinDomainList, splitDomainList } from './domain-names';
import type { LimitedField } from './field-limits';
import { FIELD_MAX_LENGTHS, maxLengthMessage } from './field-limits';
import { RESERVED_SECTION_MESSAGE, RESERVED_SECTION_NAMES } from './section-filter';
import { multiLineText } from './text-rules';
import type { NumberRange } from './token-form-ranges';
import { COST_CEILING } from './token-form-ranges';
import {
  VALIDATION_MESSAGES as M,
  invalidDomainsMessage,
  keySizeRangeMessage,
} from './validation-messages';

type TextField = Exclude<LimitedField, 'name' | 'domains'>;

export const nameField = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(FIELD_MAX_LENGTHS.name, M.nameTooLong)
  .refine((name) => !holdsPrivateKey(name), PRIVATE_KEY_MESSAGE);

export const categoryField = z.enum(categorySchema.options, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? M.categoryRequired
      : M.invalidCategory,
});

/** Checked against the category by the token schemas ("Invalid type for {category} category"). */
export const typeField = z.string({ error: M.typeRequired }).trim().min(1, M.typeRequired);

/**
 * Optional text: null, missing or blank gives null; longer than the field's maximum (after
 * trimming) gives "<Label> must be N characters or less"; a private key pasted by mistake is
 * refused with the certificate reader's message, never stored. `extra` adds a check on the text.
 */
/** The token fields whose text may run over several lines (the form's text areas). */
const MULTI_LINE_FIELDS: ReadonlySet<TextField> = new Set(['notes', 'description']);

export function optionalTextField(field: TextField, extra?: (text: string) => string | null) {
  const text = MULTI_LINE_FIELDS.has(field) ? multiLineText(z.string()) : z.string();
  return z
    .union([text, z.null()], { error: M.invalidText })
    .transform((value, ctx): string | null => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      if (holdsPrivateKey(text)) {
        ctx.addIssue({ code: 'custom', message: PRIVATE_KEY_MESSAGE });
        return z.NEVER;
      }
      if (text.length > FIELD_MAX_LENGTHS[field]) {
        ctx.addIssue({ code: 'custom', message: maxLengthMessage(field) });
        return z.NEVER;
      }
      const problem = extra?.(text) ?? null;
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return text;
    });
}

export const sectionField = optionalTextField('section', (text) =>
  RESERVED_SECTION_NAMES.includes(text) ? RESERVED_SECTION_MESSAGE : null,
);

export const renewalUrlField = optionalTextField('renewal_url', (text) =>
  /^https?:\/\/\S+$/i.test(text) ? null : M.invalidRenewalUrl,
);

export const contactGroupIdField = z
  .union([z.string(), z.null()], { error: M.invalidContactGroup })
  .transform((value): string | null => {
    const text = value?.trim() ?? '';
    return text === '' ? null : text;
  });

/** A member's user id, or null/blank (no owner). */
export const ownerIdField = z
  .union([z.string(), z.null()], { error: M.invalidOwner })
  .transform((value): string | null => {
    const text = value?.trim() ?? '';
    return text === '' ? null : text;
  });

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A number, a numeric string, or null/blank (null). NaN marks text that is not a number. */
function readNumber(value: number | string | null): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return null;
  return NUMERIC_TEXT.test(text) ? Number(text) : Number.NaN;
}

/** Cost: a finite number >= 0 and below 1 trillion; blank or null gives null. */
export const costField = z
  .union([z.number(), z.string(), z.null()], { error: M.invalidCost })
  .transform((value, ctx): number | null => {
    const cost = readNumber(value);
    if (cost === null) return null;
    if (!Number.isFinite(cost) || cost < 0) {
      ctx.addIssue({ code: 'custom', message: M.invalidCost });
      return z.NEVER;
    }
    if (cost >= COST_CEILING) {
      ctx.addIssue({ code: 'custom', message: M.costTooHigh });
      return z.NEVER;
    }
    return cost;
  });

/** Key size: a positive integer within `range`; blank or null gives null. */
export function keySizeField(range: NumberRange) {
  return z
    .union([z.number(), z.string(), z.null()], { error: M.invalidKeySize })
    .transform((value, ctx): number | null => {
      const size = readNumber(value);
      if (size === null) return null;
      if (!Number.isSafeInteger(size) || size <= 0) {
        ctx.addIssue({ code: 'custom', message: M.invalidKeySize });
        return z.NEVER;
      }
      if (size < range.min || size > range.max) {
        ctx.addIssue({ code: 'custom', message: keySizeRangeMessage(range) });
        return z.NEVER;
      }
      return size;
    });
}

/**
 * Domains: a list of strings and/or comma-separated strings. Entries are split, trimmed,
 * lower-cased and de-duplicated; an entry that is not a valid name refuses the list with the
 * domain message naming it ('Please provide at least one valid domain: "localhost" is not
 * valid'). Null or blank gives an empty list.
 */
export const domainsField = z
  .union([z.string(), z.array(z.string()), z.null()], { error: M.invalidDomains })
  .transform((value, ctx): string[] => {
    if (value === null) return [];
    const domains = splitDomainList(value);
    if (domains.length === 0) return [];
    const invalid = invalidDomainEntries(value);
    if (invalid.length > 0) {
      ctx.addIssue({ code: 'custom', message: invalidDomainsMessage(invalid) });
      return z.NEVER;
    }
    if (joinDomainList(domains).length > FIELD_MAX_LENGTHS.domains) {
      ctx.addIssue({ code: 'custom', message: maxLengthMessage('domains') });
      return z.NEVER;
    }
    return domains;
  });

/**
 * A required date (`YYYY-MM-DD` or ISO date-time) that must fall on a day after today somewhere on
 * Earth (calendar-date.ts `isAfterTodaySomewhere`: the user's tomorrow, whatever their zone).
 * `unchanged` may name a value accepted even when not in the future (the token's current expiry).
 */
export function expiresAtField(clock: Clock | null, unchanged?: string) {
  return z.string({ error: M.expiresAtRequired }).transform((value, ctx): string => {
    const text = value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: M.expiresAtRequired });
      return z.NEVER;
    }
    const normalized = normalizeDate(text);
    const instant = parseDate(text);
    if (normalized === null || instant === null) {
      ctx.addIssue({ code: 'custom', message: M.invalidDate });
      return z.NEVER;
    }
    const isUnchanged = unchanged !== undefined && normalizeDate(unchanged) === normalized;
    if (clock !== null && !isUnchanged && !isAfterTodaySomewhere(instant, readClock(clock))) {
      ctx.addIssue({ code: 'custom', message: M.expiresAtNotFuture });
      return z.NEVER;
    }
    return normalized;
  });
}

/** An optional date (renewal_date): null or blank gives null; otherwise a valid date. */
export const optionalDateField = z
  .union([z.string(), z.null()], { error: M.invalidDate })
  .transform((value, ctx): string | null => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const normalized = normalizeDate(text);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: M.invalidDate });
      return z.NEVER;
    }
    return normalized;
  });
