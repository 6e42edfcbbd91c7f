/** How audit events read on the page: actions in words, actors, targets, times, retention. */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { TYPE_LABELS, type TokenType } from '@expiry-radar/shared/domain/categories';

/** The server's actions (functions/src/data/audit-events.ts AUDIT_ACTIONS) in words. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'account.registered': 'Account registered',
  'account.email_verified': 'Email verified',
  'account.google_linked': 'Google sign-in linked',
  'account.password_reset_requested': 'Password reset requested',
  'account.password_reset': 'Password reset',
  'account.updated': 'Account updated',
  'account.deleted': 'Account deleted',
  'account.two_factor_enabled': 'Two-factor authentication turned on',
  'account.two_factor_disabled': 'Two-factor authentication turned off',
  'account.recovery_code_used': 'Recovery code used',
  'account.recovery_codes_regenerated': 'Recovery codes replaced',
  'auth.two_factor_failed': 'Two-factor code refused',
  'account.plan_changed': 'Plan changed',
  'workspace.plan_changed': 'Workspace plan changed',
  'token.created': 'Token created',
  'token.updated': 'Token updated',
  'token.renewed': 'Token renewed',
  'token.deleted': 'Token deleted',
  'tokens.transferred': 'Tokens transferred',
  'workspace.created': 'Workspace created',
  'workspace.renamed': 'Workspace renamed',
  'workspace.deleted': 'Workspace deleted',
  'workspace.ownership_transferred': 'Workspace ownership transferred',
  'workspace.two_factor_requirement_changed': 'Two-factor requirement changed',
  'member.added': 'Member added',
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.role_updated': 'Member role changed',
  'member.removed': 'Member removed',
  'invitation.cancelled': 'Invitation cancelled',
  'invitation.accepted': 'Invitation accepted',
  'invitation.declined': 'Invitation declined',
  'alert.queued': 'Alert queued',
  'alert.sent': 'Alert sent',
  'alert.failed': 'Alert delivery failed',
  'alert.skipped': 'Alert skipped',
  'alert.dead_lettered': 'Alert moved to failed',
  'alerts.requeued': 'Failed alerts requeued',
  'alert.retried': 'Alert retried',
  'alert_settings.updated': 'Alert settings updated',
  'alert_settings.signing_secret_rotated': 'Webhook signing secret rotated',
};

/** "token.created" -> "Token created"; an unknown action in words from its parts. */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

const SPECIAL_ACTORS: Readonly<Record<string, string>> = {
  system: 'System',
  stripe: 'Stripe',
  'deleted-user': 'Deleted user',
};

/** The actor's email ("(you)" for the signed-in user), or who stands for the system. */
export function actorLabel(actor: AuditEvent['actor'], selfId: string | undefined): string {
  const special = SPECIAL_ACTORS[actor.id];
  if (special) return special;
  const name = actor.email ?? actor.id;
  return actor.id === selfId ? `${name} (you)` : name;
}

const TARGET_LABELS: Readonly<Record<string, string>> = {
  token: 'Token',
  workspace: 'Workspace',
  member: 'Member',
  invitation: 'Invitation',
  user: 'Account',
  alert: 'Alert',
  alert_settings: 'Alert settings',
};

/**
 * The last 8 characters of a long id (the full one is in the details): time-ordered ids share
 * their beginning, not their end.
 */
export function shortId(id: string): string {
  return id.length > 12 ? `…${id.slice(-8)}` : id;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** "Workspace Main", "Member ada@example.com", "Token (API Key) …1a2b3c4d". */
export function targetLabel(event: Pick<AuditEvent, 'target_type' | 'target_id' | 'metadata'>) {
  const kind = TARGET_LABELS[event.target_type] ?? actionLabel(event.target_type);
  const { metadata } = event;
  const name =
    text(metadata.name) ??
    text(metadata.email) ??
    text(metadata.tokenName) ??
    (event.target_type === 'workspace' ? text(metadata.to) : null);
  const type = text(metadata.type);
  const typeLabel =
    event.target_type === 'token' && type && type in TYPE_LABELS
      ? ` (${TYPE_LABELS[type as TokenType]})`
      : '';
  return `${kind}${typeLabel} ${name ?? shortId(event.target_id)}`;
}

/** The workspace's name when the user knows it, its short id otherwise, "—" for none. */
export function workspaceLabel(
  workspaceId: string | null,
  workspaces: readonly Pick<Workspace, 'id' | 'name'>[],
): string {
  if (workspaceId === null) return '—';
  return workspaces.find((workspace) => workspace.id === workspaceId)?.name ?? shortId(workspaceId);
}

/** 30 -> "30 days", 365 -> "1 year", 2555 -> "7 years". */
export function retentionText(days: number): string {
  if (days >= 365 && days % 365 === 0) {
    const years = days / 365;
    return `${years} ${years === 1 ? 'year' : 'years'}`;
  }
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The metadata as label and text pairs; objects and lists as compact JSON. */
export function metadataEntries(metadata: AuditEvent['metadata']): Array<[string, string]> {
  return Object.entries(metadata).map(([key, value]) => [
    key,
    typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)),
  ]);
}
