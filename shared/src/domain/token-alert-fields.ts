/**
 * The token fields that shape its alerts beyond its one contact group: more contact groups, each
 * alerted at its own thresholds, and "renews automatically" with its grace point (a token that
 * renews itself gets one "renewal overdue" alert instead of the thresholds before that point).
 */
import * as z from 'zod';
import { MAX_ALERT_THRESHOLD_DAYS } from './alerts';

/** Days before expiry at which a token that renews itself is overdue, unless set otherwise. */
export const DEFAULT_RENEWAL_GRACE_DAYS = 14;
export const MIN_RENEWAL_GRACE_DAYS = 1;
export const MAX_RENEWAL_GRACE_DAYS = MAX_ALERT_THRESHOLD_DAYS;

/** A token's contact groups: its own, or the workspace default, plus at most this many more. */
export const MAX_ADDITIONAL_CONTACT_GROUPS = 10;

export const TOKEN_ALERT_FIELD_MESSAGES = {
  invalidGrace: `Renewal grace must be whole days between ${MIN_RENEWAL_GRACE_DAYS} and ${MAX_RENEWAL_GRACE_DAYS}`,
  invalidRenewsAutomatically: '"Renews automatically" must be true or false',
  invalidAdditionalGroups: 'Additional contact groups must be a list of contact group ids',
  tooManyAdditionalGroups: `At most ${MAX_ADDITIONAL_CONTACT_GROUPS} additional contact groups`,
} as const;

const M = TOKEN_ALERT_FIELD_MESSAGES;

/** Whole days before expiry (1 to 365); a numeric string as a form sends it is read too. */
export const renewalGraceDaysSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: M.invalidGrace })
    .int(M.invalidGrace)
    .min(MIN_RENEWAL_GRACE_DAYS, M.invalidGrace)
    .max(MAX_RENEWAL_GRACE_DAYS, M.invalidGrace),
);

/** A token's own grace point; null or blank: the workspace's. */
export const renewalGraceDaysField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  renewalGraceDaysSchema.nullable(),
);

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0']);

/**
 * True or false; a file's cell may say `true`/`false`, `yes`/`no` or `1`/`0`, and an empty cell is
 * no value (a new token takes the default, an edit keeps the token's).
 */
export const renewsAutomaticallyField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (text === '') return undefined;
    return YES.has(text) ? true : NO.has(text) ? false : value;
  },
  z.boolean({ error: M.invalidRenewsAutomatically }).optional(),
);

/** Contact group ids, trimmed, blanks and repeats dropped; a file's cell lists them with commas. */
export const additionalContactGroupIdsField = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',') : value === null ? [] : value),
  z
    .array(z.string({ error: M.invalidAdditionalGroups }), { error: M.invalidAdditionalGroups })
    .transform((ids) => [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ''))])
    .refine((ids) => ids.length <= MAX_ADDITIONAL_CONTACT_GROUPS, M.tooManyAdditionalGroups),
);

/** Optional token fields a stored token may lack, with the value their absence means. */
export const ABSENT_FIELD_VALUES: Readonly<Record<string, unknown>> = {
  owner_id: null,
  additional_contact_group_ids: [],
  renews_automatically: false,
  renewal_grace_days: null,
};

/** A stored token's value of a field, absence read as `ABSENT_FIELD_VALUES` says. */
export function storedValueOf(token: object, field: string): unknown {
  const value = (token as Readonly<Record<string, unknown>>)[field];
  return field in ABSENT_FIELD_VALUES ? (value ?? ABSENT_FIELD_VALUES[field]) : value;
}

/**
 * Whether a new token renews itself when the writer does not say: a certificate whose endpoints
 * are monitored follows its renewals, so its thresholds would only repeat what the check sees.
 */
export function renewsAutomaticallyByDefault(fields: {
  readonly category: string;
  readonly endpoints?: readonly unknown[] | undefined;
}): boolean {
  return fields.category === 'cert' && (fields.endpoints?.length ?? 0) > 0;
}
