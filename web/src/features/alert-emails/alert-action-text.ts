import {
  expiryDayOf,
  type AlertActionOutcome,
  type AlertActionState,
} from '@expiry-radar/shared/api/alert-action-api-schemas';
import { ApiError, refusalMessage } from '../../lib/api-client';
import { formatDateText } from '../../lib/date-format';

/**
 * The server's sentence with the ISO day it names ("until 2030-01-15", the way alert emails
 * write days) written as the page writes dates ("until Jan 15, 2030").
 */
function withDayInWords(message: string, day: string | null | undefined): string {
  return day ? message.replaceAll(day, formatDateText(day, 'day')) : message;
}

/** What the action did: "Snoozed: no alerts for api.example.com until Jan 15, 2030." */
export function alertActionOutcomeText(outcome: AlertActionOutcome): string {
  const { snoozed_until, renewed_expires_at } = outcome.state;
  return withDayInWords(outcome.message, snoozed_until ?? renewed_expires_at?.slice(0, 10));
}

/** Why the link or its button was refused, the token's expiry day written as a date. */
export function alertActionRefusalText(error: unknown): string {
  const message = refusalMessage(error);
  return error instanceof ApiError ? withDayInWords(message, expiryDayOf(error.details)) : message;
}

/**
 * A token's alert action in one line: "Snoozed until Dec 12, 2026 by ada@example.com",
 * "Acknowledged by …", "Renewed (expires Mar 3, 2027) by …", "Marked renewed: endpoint check
 * asked for by …".
 */
export function alertActionText(state: AlertActionState): string {
  const by = `by ${state.by}`;
  if (state.kind === 'acknowledged') return `Acknowledged ${by}: no more alerts for this expiry`;
  if (state.kind === 'snoozed') {
    return `Snoozed until ${formatDateText(state.snoozed_until, 'day')} ${by}`;
  }
  return state.renewed_expires_at
    ? `Renewed (expires ${formatDateText(state.renewed_expires_at, 'day')}) ${by}`
    : `Marked renewed ${by}: the endpoint check was asked for`;
}
