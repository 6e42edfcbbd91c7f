/**
 * Which due tokens an alert action holds (the expiry scan asks before it plans a window):
 * acknowledged for the token's current expiry, no alert until the expiry changes; snoozed, none
 * before the snooze's day. One BatchGetItem for the scan's due tokens. When the actions cannot be
 * read, nothing is held: an alert too many beats a silent expiry.
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { findAlertActions } from '../../data/alert-action-records';
import type { AlertAction } from '../../data/entities/alert-action';
import { heldUntil } from '../../domain/alert-action-policy';
import { logger } from '../../platform/logger';

/**
 * Per token: `undefined` (not held), `null` (acknowledged: no next alert) or the ISO instant it
 * is due again (snoozed).
 */
export type AlertActionHold = (token: Pick<Token, 'id' | 'expiresAt'>) => string | null | undefined;

export async function alertActionHolds(
  tokens: readonly Pick<Token, 'id' | 'workspace_id'>[],
  now: Date,
): Promise<AlertActionHold> {
  let actions = new Map<string, AlertAction>();
  if (tokens.length > 0) {
    try {
      actions = await findAlertActions(tokens);
    } catch (error) {
      logger.error('Alert actions not read: the scan holds no alert this time', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return (token) => heldUntil(actions.get(token.id), token.expiresAt, now);
}
