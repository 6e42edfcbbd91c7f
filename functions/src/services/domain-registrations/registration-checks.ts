/**
 * One check of one domain registration token (a message of the registration check queue): look
 * the domain up at its registry's RDAP service (adapters/rdap-client), judge the answer
 * (domain/rdap), and act on it.
 *
 * - The registry gives another expiration than the token's (a renewal at the registry, or a date
 *   typed wrong by hand): the token follows it through the same write as an edit, which re-arms
 *   its alerts for the new date as a manual renewal does, and an audit event says so ("renewal
 *   detected" for a later date, "expiry corrected" for an earlier one); the expiry alerts then
 *   come from the expiry scan as for any token.
 * - No RDAP service, an unknown domain, a refusal, a timeout, malformed JSON, an expiration in the
 *   past: the token keeps its date; the check stores the reason as its last error, and the next
 *   check is brought forward (in an hour, or when the registry's Retry-After says).
 *
 * Frozen workspaces: the check is written, the token is not changed.
 */
import type { RegistrationCheckMessage } from '@expiry-radar/shared/api/domain-registration-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import type { RegistrationCheck } from '@expiry-radar/shared/domain/domain-registrations';
import { AUDIT_ACTIONS, recordAuditEvent, SYSTEM_ACTOR } from '../../data/audit-events';
import { keys } from '../../data/keys';
import { retryRegistrationAt, writeRegistrationCheck } from '../../data/registration-records';
import { updateToken } from '../../data/token-mutations';
import { findToken } from '../../data/token-records';
import { findWorkspaces } from '../../data/workspace-store';
import { evaluateRegistrationLookup, type RdapLookupPort } from '../../domain/rdap';

export interface RegistrationCheckPorts {
  readonly lookup: RdapLookupPort;
}

export type RegistrationCheckOutcome =
  | { readonly kind: 'gone' }
  | {
      readonly kind: 'checked';
      readonly check: RegistrationCheck;
      readonly token: Token;
      /** The token took the registry's date (a renewal or a correction). */
      readonly followed: boolean;
    };

export async function checkRegistration(
  message: RegistrationCheckMessage,
  ports: RegistrationCheckPorts,
  now: Date,
): Promise<RegistrationCheckOutcome> {
  const [current, [workspace]] = await Promise.all([
    findToken(message.workspaceId, message.tokenId),
    findWorkspaces([message.workspaceId]),
  ]);
  const registration = current?.registration;
  if (!current || !workspace || registration?.domain !== message.domain) return { kind: 'gone' };
  const lookup = await ports.lookup(registration.domain);
  const verdict = evaluateRegistrationLookup({
    domain: registration.domain,
    lookup,
    previous: registration.last_check ?? null,
    tokenExpiresAt: current.expiresAt,
    now,
  });
  let token = current;
  if (verdict.renewal && !workspace.isFrozen) {
    token = await updateToken(current, { expiresAt: verdict.renewal }, now);
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: current.workspace_id },
      action:
        verdict.check.status === 'renewed'
          ? AUDIT_ACTIONS.tokenRenewalDetected
          : AUDIT_ACTIONS.tokenExpiryCorrected,
      actor: SYSTEM_ACTOR,
      target: { type: 'token', id: current.id, name: current.name },
      plan: workspace.plan,
      metadata: {
        domain: registration.domain,
        previousExpiresAt: current.expiresAt,
        expiresAt: token.expiresAt,
        registrar: verdict.check.registrar,
      },
      now,
    });
  }
  const tokenKey = keys.token(current.workspace_id, current.id);
  if (!(await writeRegistrationCheck(tokenKey, registration.domain, verdict.check))) {
    return { kind: 'gone' };
  }
  if (verdict.check.retry_at) {
    await retryRegistrationAt(
      current.workspace_id,
      current.id,
      registration.domain,
      verdict.check.retry_at,
    );
  }
  const checked = { ...token, registration: { ...registration, last_check: verdict.check } };
  return {
    kind: 'checked',
    check: verdict.check,
    token: checked,
    followed: verdict.renewal !== null && !workspace.isFrozen,
  };
}
