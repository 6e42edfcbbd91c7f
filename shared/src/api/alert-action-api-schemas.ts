/**
 * Acting on an alert (acknowledge, snooze, renewed): from the signed link of an alert email or a
 * webhook message (public, the signature is the proof), and from a token's details in the web
 * (editors).
 */
import * as z from 'zod';

/** What a signed link of an alert offers. */
export const ALERT_LINK_ACTIONS = ['acknowledge', 'snooze', 'renewed'] as const;
export type AlertLinkAction = (typeof ALERT_LINK_ACTIONS)[number];

/** What is stored for a token's current expiry. */
export const ALERT_ACTION_KINDS = ['acknowledged', 'snoozed', 'renewed'] as const;
export type AlertActionKind = (typeof ALERT_ACTION_KINDS)[number];

/** The snoozes an alert offers as links besides "until a date". */
export const SNOOZE_LINK_DAYS = [1, 7] as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(DATE_PATTERN, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

export const ALERT_ACTION_MESSAGES = {
  invalidSnoozeDate: 'Snooze until must be a date (YYYY-MM-DD)',
  invalidRenewalDate: 'The new expiry must be a date (YYYY-MM-DD)',
} as const;

/**
 * A refusal of a link whose token is known (out of date, a snooze past the expiry, a renewal to
 * the same day) names the token's expiry day in its message as `YYYY-MM-DD`, as alert emails
 * write days, and gives that day in its `details` too, `{ path: 'tokenExpiresOn', message: day }`,
 * for the page to write it as it writes every date.
 */
export const EXPIRY_DAY_DETAIL_PATH = 'tokenExpiresOn';

export function expiryDayDetail(day: string): { path: string; message: string } {
  return { path: EXPIRY_DAY_DETAIL_PATH, message: day };
}

/** The expiry day a refusal's `details` give; undefined when none. */
export function expiryDayOf(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (
      path === EXPIRY_DAY_DETAIL_PATH &&
      typeof message === 'string' &&
      DATE_PATTERN.test(message)
    ) {
      return message;
    }
  }
  return undefined;
}

/** The signed token of an alert's action link, in the query. */
export const alertActionLinkQuery = z.object({
  token: z.string().trim().min(1).max(2000),
});

/** What a token's alert action is for its current expiry, and who set it. */
export const alertActionState = z.object({
  kind: z.enum(ALERT_ACTION_KINDS),
  /** The expiry it was set for (ISO date or instant); a new expiry re-arms the alerts. */
  expires_at: z.string(),
  /** A snooze: `YYYY-MM-DD`, no alert before that day. */
  snoozed_until: z.string().nullable(),
  /** Renewed: the new expiry; null when an endpoint check was asked for instead. */
  renewed_expires_at: z.string().nullable(),
  /** Who did it: a member's or a recipient's address, or a webhook's name. */
  by: z.string(),
  /** ISO instant. */
  at: z.string(),
});
export type AlertActionState = z.infer<typeof alertActionState>;

/** What the confirmation page of a link shows before its button is pressed. */
export const alertActionLinkResponse = z.object({
  action: z.enum(ALERT_LINK_ACTIONS),
  /** A snooze link's length in days; null: until a date to pick. */
  snooze_days: z.number().int().nullable(),
  /** Who the link was sent to: an address or a webhook's name. */
  recipient: z.string(),
  workspace: z.object({ id: z.string(), name: z.string() }),
  token: z.object({
    id: z.string(),
    name: z.string(),
    expires_at: z.string(),
    /** A certificate followed by endpoint monitoring: "renewed" checks the endpoint now. */
    monitored: z.boolean(),
  }),
  /** A snooze's date to offer (`YYYY-MM-DD`, never past the expiry); null for other actions. */
  suggested_until: z.string().nullable(),
  /** The last day a snooze may last (the expiry's day). */
  latest_until: z.string(),
  current: alertActionState.nullable(),
});
export type AlertActionLinkAnswer = z.infer<typeof alertActionLinkResponse>;

/** The button of the confirmation page: a snooze's date or a renewal's new expiry. */
export const takeAlertActionBody = z
  .object({
    until: dateField(ALERT_ACTION_MESSAGES.invalidSnoozeDate).optional(),
    expires_at: dateField(ALERT_ACTION_MESSAGES.invalidRenewalDate).optional(),
  })
  .strict();

/** What the action did, in words, and the state it left. */
export const alertActionOutcomeResponse = z.object({
  message: z.string(),
  state: alertActionState,
});
export type AlertActionOutcome = z.infer<typeof alertActionOutcomeResponse>;

/** A token's alert action for its current expiry; null when none. */
export const tokenAlertActionResponse = z.object({ action: alertActionState.nullable() });
export type TokenAlertActionAnswer = z.infer<typeof tokenAlertActionResponse>;

/** An editor acknowledges, snoozes until a date, or clears (alerts as the thresholds say). */
export const setTokenAlertActionBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('acknowledged') }).strict(),
  z
    .object({
      kind: z.literal('snoozed'),
      until: dateField(ALERT_ACTION_MESSAGES.invalidSnoozeDate),
    })
    .strict(),
  z.object({ kind: z.literal('none') }).strict(),
]);
export type SetTokenAlertAction = z.infer<typeof setTokenAlertActionBody>;
