/** How audit events read on the page: actions in words, actors, targets, times, retention. */
import type { AuditEvent } from '@expiry-radar/shared/api/audit-api-schemas';
import type { Workspace } from '@expiry-radar/shared/api/workspace-api-schemas';
import { TYPE_LABELS, type TokenType } from '@expiry-radar/shared/domain/categories';
import { isPlan, PLAN_LABELS } from '@expiry-radar/shared/domain/plans';
import { isRole, ROLE_LABELS } from '@expiry-radar/shared/domain/roles';
import { changedFieldLabel, listsChangedFields } from './changed-field-labels';
import { isolated } from '../../lib/bidi-isolate';

/** The server's actions (functions/src/data/audit-events.ts AUDIT_ACTIONS) in words. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.signed_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.signed_out': 'Signed out',
  'auth.session_signed_out': 'Signed out another session',
  'account.registered': 'Account registered',
  'account.registration_attempted': 'Sign-up tried with this address',
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
  'account.api_key_created': 'API key created',
  'account.api_key_revoked': 'API key revoked',
  'organization.domain_added': 'Email domain added',
  'organization.domain_verified': 'Email domain verified',
  'organization.domain_check_failed': 'Email domain check failed',
  'organization.domain_removed': 'Email domain removed',
  'organization.sso_connection_saved': 'Single sign-on changed',
  'auth.sso_sign_in_refused': 'SSO sign-in refused',
  'organization.scim_token_created': 'SCIM token made',
  'organization.scim_token_revoked': 'SCIM token revoked',
  'organization.scim_group_mapped': 'SCIM group mapped',
  'scim.request_refused': 'SCIM request refused',
  'scim.user_created': 'Person provisioned (SCIM)',
  'scim.user_updated': 'Person updated (SCIM)',
  'scim.user_deactivated': 'Person deactivated (SCIM)',
  'scim.user_reactivated': 'Person reactivated (SCIM)',
  'scim.user_deleted': 'Person removed (SCIM)',
  'scim.group_created': 'Group created (SCIM)',
  'scim.group_updated': 'Group changed (SCIM)',
  'scim.group_deleted': 'Group deleted (SCIM)',
  'scim.membership_skipped': 'SCIM membership skipped',
  'workspace.plan_changed': 'Workspace plan changed',
  'token.created': 'Token created',
  'token.updated': 'Token updated',
  'token.renewed': 'Token renewed',
  'token.renewal_detected': 'Renewal detected',
  'token.expiry_corrected': 'Expiry corrected from the registry',
  'endpoint.problem_raised': 'Endpoint problem',
  'endpoint.problem_cleared': 'Endpoint problem cleared',
  'trusted_ca.added': 'Certificate authority trusted',
  'trusted_ca.removed': 'Certificate authority removed',
  'watched_domain.added': 'Domain watched',
  'watched_domain.updated': 'Watched domain changed',
  'watched_domain.removed': 'Domain no longer watched',
  'watched_domain.api_key_changed': 'Cert Spotter API key changed',
  'token.deleted': 'Token deleted',
  'tokens.transferred': 'Tokens transferred',
  'tokens.imported': 'Tokens imported',
  'tokens.scanned': 'Tokens scanned',
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
  'alert.acknowledged': 'Alert acknowledged',
  'alert.snoozed': 'Alerts snoozed',
  'alert.endpoint_check_requested': 'Marked renewed: endpoint check asked for',
  'alert.action_cleared': 'Alert action cleared',
  'alert.action_refused': 'Alert action refused',
  'slack_app.installed': 'Slack app installed',
  'slack_app.removed': 'Slack app removed',
  'slack_app.revoked': 'Slack app revoked in Slack',
  'slack_app.interaction_refused': 'Slack action refused',
  'alert_settings.updated': 'Alert settings updated',
  'alert_settings.signing_secret_rotated': 'Webhook signing secret rotated',
  'alert_settings.pagerduty_secret_changed': 'PagerDuty back-channel secret changed',
  'calendar_feed.rotated': 'Calendar link replaced',
  'alert_settings.bounced_address_removed': 'Bounced address taken off the suppression list',
  'integration.created': 'Integration added',
  'integration.updated': 'Integration changed',
  'integration.deleted': 'Integration removed',
  'integration.synced': 'Integration synced',
  'integration.token_linked': 'Token linked to its source',
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
  pagerduty: 'PagerDuty',
  scim: 'Identity provider (SCIM)',
  'deleted-user': 'Deleted user',
};

/** The actor's email ("(you)" for the signed-in user), or who stands for the system. */
export function actorLabel(actor: AuditEvent['actor'], selfId: string | undefined): string {
  const special = SPECIAL_ACTORS[actor.id];
  if (special) return special;
  const name = actor.email ?? 'Unknown user';
  return actor.id === selfId ? `${name} (you)` : name;
}

/** The API key an event names in `metadata.api_key` (written while serving a key's request). */
export function apiKeyOf(
  metadata: AuditEvent['metadata'],
): { id: string; name: string } | undefined {
  const value = metadata.api_key;
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined;
}

/**
 * The actor as `actorLabel` says, and the API key they acted with, if any: "ada@example.com
 * (you) with API key “CI”".
 */
export function eventActorLabel(
  event: Pick<AuditEvent, 'action' | 'actor' | 'metadata'>,
  selfId: string | undefined,
): string {
  const actor = actorLabel(event.actor, selfId);
  const apiKey = apiKeyOf(event.metadata);
  // Creating and revoking a key name it as their subject; only a key's own requests act with it.
  if (!apiKey || event.action.startsWith('account.api_key_')) return actor;
  return `${actor} with API key “${apiKey.name}”`;
}

const TARGET_LABELS: Readonly<Record<string, string>> = {
  token: 'Token',
  workspace: 'Workspace',
  member: 'Member',
  invitation: 'Invitation',
  user: 'Account',
  alert: 'Alert',
  alert_settings: 'Alert settings',
  trusted_ca: 'Certificate authority',
};

/**
 * The last 8 characters of a long id: time-ordered ids share their beginning, not their end.
 * Only the expanded details show ids; rows name things.
 */
export function shortId(id: string): string {
  return id.length > 12 ? `…${id.slice(-8)}` : id;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

type Named = Pick<AuditEvent, 'target_type' | 'target_id' | 'metadata'> &
  Partial<Pick<AuditEvent, 'target_name'>>;

/**
 * "Workspace Main", "Member ada@example.com", "Token (API Key) Deploy key": the name the event
 * kept, else one from its metadata; an older event that kept none names the kind only (its id is
 * in the details).
 */
export function targetLabel(event: Named): string {
  const kind = TARGET_LABELS[event.target_type] ?? actionLabel(event.target_type);
  const { metadata } = event;
  const name =
    text(event.target_name) ??
    text(metadata.name) ??
    text(metadata.email) ??
    text(metadata.tokenName) ??
    (event.target_type === 'workspace' ? text(metadata.to) : null);
  const type = text(metadata.type);
  const typeLabel =
    event.target_type === 'token' && type && type in TYPE_LABELS
      ? ` (${TYPE_LABELS[type as TokenType]})`
      : '';
  return name ? `${kind}${typeLabel} ${name}` : `${kind}${typeLabel}`;
}

/**
 * The workspace's name when the user knows it, else the name the event kept when it is about that
 * workspace, else that it is no longer available; "—" for none. Never an id.
 */
export function workspaceLabel(
  workspaceId: string | null,
  workspaces: readonly Pick<Workspace, 'id' | 'name'>[],
  event?: Pick<AuditEvent, 'target_type' | 'target_id'> & Partial<Pick<AuditEvent, 'target_name'>>,
): string {
  if (workspaceId === null) return '—';
  const known = workspaces.find((workspace) => workspace.id === workspaceId)?.name;
  if (known) return known;
  const kept =
    event?.target_type === 'workspace' && event.target_id === workspaceId
      ? text(event.target_name)
      : null;
  return kept ?? 'Workspace no longer available';
}

const PLAN_ACTIONS = new Set(['account.plan_changed', 'workspace.plan_changed']);
/** Actions that move a token's expiry date: the row shows the old and the new date. */
const EXPIRY_MOVES = new Set(['token.renewed', 'token.renewal_detected', 'token.expiry_corrected']);

/** What `from` and `to` hold, by action. */
function changeKind(action: string): 'plan' | 'role' | 'name' | null {
  if (PLAN_ACTIONS.has(action)) return 'plan';
  if (action === 'member.role_updated') return 'role';
  if (action === 'workspace.renamed') return 'name';
  return null;
}

function planText(value: unknown): string {
  return typeof value === 'string' && isPlan(value) ? PLAN_LABELS[value] : valueText(value);
}

function roleText(value: unknown): string {
  return typeof value === 'string' && isRole(value) ? ROLE_LABELS[value] : valueText(value);
}

/** A metadata value in words: lists joined, yes/no, names of listed tokens, JSON for the rest. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return value.join(', ');
    }
    const names = value.map((item: unknown) =>
      typeof item === 'object' && item !== null ? text((item as { name?: unknown }).name) : null,
    );
    if (names.every((name) => name !== null)) return names.join(', ');
  }
  return JSON.stringify(value) ?? '—';
}

/** Changed fields by the names the forms give them: "Name, Expiry date". */
function changedFieldsText(action: string, fields: readonly unknown[]): string {
  if (fields.length === 0) return 'None';
  return fields
    .map((field) =>
      typeof field === 'string'
        ? (changedFieldLabel(action, field) ?? keyInWords(field))
        : valueText(field),
    )
    .join(', ');
}

/**
 * A one-line account of the change, for the row: "Free → Pro" (", frozen" when it froze the
 * workspace), "Viewer → Workspace Manager",
 * "Old → New", "2026-01-01 → 2027-01-01", "3 tokens from Old to New: A, B, C"; null when the
 * action and its target say it all.
 */
export function changeSummary(event: Pick<AuditEvent, 'action' | 'metadata'>): string | null {
  const { action, metadata } = event;
  const kind = changeKind(action);
  if (kind && metadata.from !== undefined && metadata.to !== undefined) {
    const show = kind === 'plan' ? planText : kind === 'role' ? roleText : valueText;
    // A workspace the change froze (or unfroze) says so.
    const frozen =
      metadata.frozen === true && metadata.wasFrozen !== true
        ? ', frozen'
        : metadata.frozen === false && metadata.wasFrozen === true
          ? ', unfrozen'
          : '';
    return `${show(metadata.from)} → ${show(metadata.to)}${frozen}`;
  }
  if (EXPIRY_MOVES.has(action) && metadata.expiresAt !== undefined) {
    return `${valueText(metadata.previousExpiresAt)} → ${valueText(metadata.expiresAt)}`;
  }
  if (
    (action === 'token.updated' || action === 'account.updated') &&
    Array.isArray(metadata.fields)
  ) {
    return `Changed: ${changedFieldsText(action, metadata.fields)}`;
  }
  if (action === 'tokens.transferred' && Array.isArray(metadata.tokens)) {
    const count = metadata.tokens.length;
    const from = text(metadata.from_workspace_name);
    const to = text(metadata.to_workspace_name);
    const route = from && to ? ` from ${from} to ${to}` : '';
    return `${count} ${count === 1 ? 'token' : 'tokens'}${route}: ${valueText(metadata.tokens)}`;
  }
  if (action === 'tokens.imported' && typeof metadata.rows === 'number') {
    const count = (key: string) => (typeof metadata[key] === 'number' ? metadata[key] : 0);
    const notImported = count('invalid') + count('duplicates') + count('refused');
    // The import writes the rows its preview let through; rows the preview refused never reach
    // the server, so "0 not imported" here would contradict what the user was told.
    const refusedHere = notImported > 0 ? `, ${notImported} not imported` : '';
    return `${metadata.rows} rows sent: ${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged${refusedHere}`;
  }
  if (action === 'member.removed') return memberRemovedSummary(metadata);
  if (action === 'workspace.ownership_transferred' && text(metadata.to_email)) {
    // Handed over by its owner (`from_email`), or passed on when its owner deleted their account.
    const from = text(metadata.from_email);
    return from ? `From ${from} to ${text(metadata.to_email)}` : `To ${text(metadata.to_email)}`;
  }
  if (
    (action === 'member.invited' || action.startsWith('invitation.')) &&
    typeof metadata.role === 'string'
  ) {
    return `As ${roleText(metadata.role)}`;
  }
  return null;
}

/**
 * Why a member left, when the account deletion was the reason, and where the tokens they owned
 * went ("2 tokens to bob@example.com", "1 token left without an owner"); null when neither.
 */
function memberRemovedSummary(metadata: AuditEvent['metadata']): string | null {
  const parts: string[] = [];
  if (metadata.reason === 'account_deleted') parts.push('Left: their account was deleted');
  const handed = metadata.tokensHandedOver;
  if (typeof handed === 'number' && handed > 0) {
    const tokens = `${handed} ${handed === 1 ? 'token' : 'tokens'}`;
    const successor = text(metadata.successor);
    parts.push(successor ? `${tokens} to ${successor}` : `${tokens} left without an owner`);
  }
  return parts.length > 0 ? parts.join('; ') : null;
}

/** Labels of the metadata keys the server writes; any other key is put in words from its name. */
const DETAIL_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  email: 'Email',
  previousEmail: 'Previous email',
  role: 'Role',
  category: 'Category',
  type: 'Type',
  expiresAt: 'Expiry date',
  previousExpiresAt: 'Previous expiry date',
  fields: 'Changed fields',
  method: 'Sign-in method',
  ip: 'IP address',
  workspaceId: 'Workspace id',
  invitationId: 'Invitation id',
  source: 'Source',
  frozen: 'Frozen',
  wasFrozen: 'Was frozen',
  frozenFor: 'Frozen for',
  frozenWorkspaceIds: 'Frozen workspace ids',
  unfrozenWorkspaceIds: 'Unfrozen workspace ids',
  reason: 'Reason',
  to_user_id: 'New owner id',
  to_email: 'New owner',
  from_user_id: 'Previous owner id',
  from_email: 'Previous owner',
  tokensHandedOver: 'Tokens handed over',
  successor: 'Tokens handed to',
  from_role: "New owner's previous role",
  from_plan: 'Previous plan',
  to_plan: 'New plan',
  from_workspace_id: 'Source workspace id',
  from_workspace_name: 'Source workspace',
  to_workspace_id: 'Target workspace id',
  to_workspace_name: 'Target workspace',
  tokens: 'Tokens',
  threshold: 'Days before expiry',
  channels: 'Channels',
  recipients: 'Recipients',
  failures: 'Failures',
  attempt: 'Attempt',
  attempts: 'Attempts',
  skipped: 'Skipped',
  lastError: 'Last error',
  alerts: 'Alerts',
  alert_ids: 'Alert ids',
  channel: 'Channel',
  changed: 'Changed settings',
  email_alerts_enabled: 'Email alerts',
  webhooks: 'Webhooks',
  contact_groups: 'Contact groups',
  thresholds: 'Thresholds (days before expiry)',
  subject: 'Subject',
  issuer: 'Issuer',
  not_after: 'Valid until',
  fingerprint_sha256: 'SHA-256 fingerprint',
};

const FROM_TO_LABELS = {
  plan: ['Previous plan', 'New plan'],
  role: ['Previous role', 'New role'],
  name: ['Previous name', 'New name'],
} as const;

/** "previousExpiresAt" -> "Previous expires at", "to_user_id" -> "To user id". */
function keyInWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** The label of a metadata key of an event with this action. */
export function detailLabel(action: string, key: string): string {
  const kind = changeKind(action);
  if (kind && (key === 'from' || key === 'to')) return FROM_TO_LABELS[kind][key === 'from' ? 0 : 1];
  if (key === 'from') return 'From';
  if (key === 'to') return 'To';
  return DETAIL_LABELS[key] ?? keyInWords(key);
}

/** The metadata as label and text pairs: plans and roles by their names, lists in words. */
export function metadataEntries(
  event: Pick<AuditEvent, 'action' | 'metadata'>,
): Array<[string, string]> {
  const kind = changeKind(event.action);
  return Object.entries(event.metadata).map(([key, value]) => {
    if (key === 'api_key') {
      const apiKey = apiKeyOf(event.metadata);
      return ['API key', apiKey ? `${isolated(apiKey.name)} (${apiKey.id})` : valueText(value)];
    }
    if (listsChangedFields(event.action, key) && Array.isArray(value)) {
      return [detailLabel(event.action, key), changedFieldsText(event.action, value)];
    }
    const fromTo = key === 'from' || key === 'to';
    const shown =
      (kind === 'plan' && fromTo) || key === 'from_plan' || key === 'to_plan'
        ? planText(value)
        : (kind === 'role' && fromTo) || key === 'role' || key === 'from_role'
          ? roleText(value)
          : valueText(value);
    return [detailLabel(event.action, key), shown];
  });
}

/** 30 -> "30 days", 365 -> "1 year", 2555 -> "7 years". */
export function retentionText(days: number): string {
  if (days >= 365 && days % 365 === 0) {
    const years = days / 365;
    return `${years} ${years === 1 ? 'year' : 'years'}`;
  }
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
