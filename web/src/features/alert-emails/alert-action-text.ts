import type { AlertActionState } from '@expiry-radar/shared/api/alert-action-api-schemas';
import { formatDateText } from '../../lib/date-format';

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
