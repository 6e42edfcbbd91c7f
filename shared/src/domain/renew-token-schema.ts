/**
 * The renew dialog's schema: a new expiration date, required, valid, in the future.
 * Renewal is sent as an edit (`PUT /api/tokens/{id}` with `{ expiresAt }`).
 */
import * as z from 'zod';
import type { Clock } from './calendar-date';
import { expiresAtField } from './token-field-schemas';

export function renewTokenSchema(now: Clock = () => new Date()) {
  return z.object({ expiresAt: expiresAtField(now) });
}

/** Validates against the time of each parse. */
export const renewTokenFormSchema = renewTokenSchema();

export type RenewTokenInput = z.input<typeof renewTokenFormSchema>;
export type RenewTokenData = z.output<typeof renewTokenFormSchema>;

/** Shown when a renewal fails without a server message. */
export const RENEW_FAILED_MESSAGE = 'Failed to update token';
