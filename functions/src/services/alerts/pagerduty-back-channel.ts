/**
 * PagerDuty's back-channel: an incident our PagerDuty alert opened (its `incident_key` is the
 * `dedup_key` we sent, the alert id: token, expiry, window) acknowledged or resolved in PagerDuty
 * comes back through a V3 webhook subscription and acts on the alert as its links would.
 * Acknowledged: Acknowledge (no more alerts for this expiry). Resolved: for a certificate followed
 * by endpoint monitoring, "check the endpoint now" (Renewed's meaning for it); PagerDuty gives no
 * new date for anything else, so there it acknowledges the expiry too (the details say it came
 * from PagerDuty; a renewal is entered in Expiry Radar and re-arms the alerts).
 *
 * The request proves itself with the subscription's signature over the raw body, checked against
 * the secrets stored for the workspace's PagerDuty webhooks (sealed as integration credentials
 * are). A forged or unsigned event changes nothing and is refused (403, 400); a signed event
 * about an unknown incident, a token deleted since or an expiry that changed since changes nothing
 * and is answered 202 (a 4xx makes PagerDuty drop it and, three in a row, disable the
 * subscription), audited as refused. Each event acts once (its id is kept as a used link's is).
 * Deliveries are rate-limited per client address and per webhook id (429 with Retry-After, which
 * PagerDuty retries), before anything else is read.
 */
import type {
  PagerDutyBackChannel,
  PagerDutyBackChannelBody,
} from '@expiry-radar/shared/api/pagerduty-back-channel-api-schemas';
import { PAGERDUTY_BACK_CHANNEL_MESSAGES } from '@expiry-radar/shared/api/pagerduty-back-channel-api-schemas';
import type { Token } from '@expiry-radar/shared/domain/token';
import { resolveAppOrigin } from '../../adapters/app-origin';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import {
  claimActionLink,
  isActionLinkUsed,
  saveAlertAction,
} from '../../data/alert-action-records';
import { readAlertSettings } from '../../data/alert-settings-records';
import {
  AUDIT_ACTIONS,
  PAGERDUTY_ACTOR,
  recordAuditEvent,
  type AuditAction,
} from '../../data/audit-events';
import type { AlertAction } from '../../data/entities/alert-action';
import {
  deletePagerDutySecret,
  listPagerDutySecrets,
  storePagerDutySecret,
} from '../../data/pagerduty-secret-records';
import { findToken } from '../../data/token-records';
import type { UserRecord } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { parseAlertId } from '../../domain/alert-schedule';
import {
  isActingEvent,
  isSignedWith,
  PAGERDUTY_WEBHOOK_RATE_LIMITS,
  pagerDutyEventSchema,
  signaturesOf,
  type PagerDutyEvent,
} from '../../domain/pagerduty-webhook';
import { AppError, badRequest } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { enforceRateLimits, type RateLimitCheck } from '../accounts/account-rate-limits';
import { refundRateLimit } from '../../data/rate-limiter';
import {
  requireEditor,
  requireNotFrozen,
  type WorkspaceAccess,
} from '../workspaces/workspace-access';
import { recordWorkspaceEvent } from '../workspaces/workspace-audit';
import { checkEndpointsNow, isMonitored } from './alert-actions';

/** How long an event's id is kept to refuse a redelivery (PagerDuty retries for ~20 minutes). */
const EVENT_ID_KEPT_MS = 86_400_000;

/** The receiver's answer; PagerDuty reads only its status (202). */
export interface PagerDutyWebhookOutcome {
  readonly outcome: 'acknowledged' | 'endpoint_check_requested' | 'ignored';
  readonly reason?: string;
}

const IGNORED = {
  eventType: 'Only incident.acknowledged and incident.resolved act on an alert.',
  delivered: 'This event was handled before.',
  unknownIncident: 'The incident is not about the expiry of a token of this workspace.',
  deleted: 'The token was deleted, so there is nothing to act on.',
  outdated: 'The token expires on another date now: the incident is about an earlier expiry.',
} as const;

function sealingContext(workspaceId: string, webhookName: string) {
  return { workspaceId, integrationId: `pagerduty:${webhookName}` };
}

/** The address PagerDuty's webhook subscription posts to, for the workspace. */
export async function pagerDutyWebhookUrl(workspaceId: string): Promise<string> {
  return `${await resolveAppOrigin()}/api/pagerduty/webhooks/${encodeURIComponent(workspaceId)}`;
}

/** The address to give PagerDuty and which PagerDuty webhooks have their secret stored. */
export async function pagerDutyBackChannel(access: WorkspaceAccess): Promise<PagerDutyBackChannel> {
  requireEditor(access);
  const [settings, secrets, url] = await Promise.all([
    readAlertSettings(access.workspaceId),
    listPagerDutySecrets(access.workspaceId),
    pagerDutyWebhookUrl(access.workspaceId),
  ]);
  const stored = new Map(secrets.map((secret) => [secret.webhookName, secret]));
  return {
    url,
    webhooks: settings.webhook_urls
      .filter((webhook) => webhook.kind === 'pagerduty')
      .map(({ name }) => {
        const secret = stored.get(name);
        return {
          name,
          connected: secret !== undefined,
          connected_at: secret?.storedAt ?? null,
          connected_by: secret?.storedBy ?? null,
        };
      }),
  };
}

/** Stores a PagerDuty webhook's subscription secret sealed, or removes it (null). */
export async function setPagerDutySecret(options: {
  readonly access: WorkspaceAccess;
  readonly actor: Pick<UserRecord, 'id' | 'email'>;
  readonly change: { webhook_name: string; secret: PagerDutyBackChannelBody['secret'] };
  readonly now: Date;
}): Promise<PagerDutyBackChannel> {
  const { access, actor, change, now } = options;
  requireEditor(access);
  const name = change.webhook_name;
  if (change.secret === null) {
    await deletePagerDutySecret(access.workspaceId, name);
  } else {
    requireNotFrozen(access);
    const settings = await readAlertSettings(access.workspaceId);
    const webhook = settings.webhook_urls.find((candidate) => candidate.name === name);
    if (webhook?.kind !== 'pagerduty') {
      throw badRequest(PAGERDUTY_BACK_CHANNEL_MESSAGES.notPagerDutyWebhook(name));
    }
    const sealed = await getCredentialSealer().seal(
      change.secret,
      sealingContext(access.workspaceId, name),
    );
    await storePagerDutySecret(access.workspaceId, {
      webhookName: name,
      sealed,
      storedAt: now.toISOString(),
      storedBy: actor.email,
    });
  }
  await recordWorkspaceEvent({
    workspace: access,
    actor,
    action: AUDIT_ACTIONS.pagerDutySecretChanged,
    target: { type: 'webhook', id: name, name },
    metadata: { secret_set: change.secret !== null },
    now,
  });
  return pagerDutyBackChannel(access);
}

/**
 * The PagerDuty webhook whose stored secret signed the body; null when none did. Only webhooks
 * still in the alert settings count (a removed webhook's secret opens nothing).
 */
async function signingWebhook(
  workspace: WorkspaceRecord | undefined,
  rawBody: string,
  signatures: readonly string[],
): Promise<string | null> {
  if (!workspace) return null;
  const secrets = await listPagerDutySecrets(workspace.id);
  if (secrets.length === 0) return null;
  const settings = await readAlertSettings(workspace.id);
  const pagerDutyWebhooks = new Set(
    settings.webhook_urls
      .filter((webhook) => webhook.kind === 'pagerduty')
      .map((webhook) => webhook.name),
  );
  const sealer = getCredentialSealer();
  for (const { webhookName, sealed } of secrets) {
    if (!pagerDutyWebhooks.has(webhookName)) continue;
    const secret = await sealer.open(sealed, sealingContext(workspace.id, webhookName));
    if (isSignedWith(secret, rawBody, signatures)) return webhookName;
  }
  return null;
}

interface SignedEvent {
  readonly workspace: WorkspaceRecord;
  readonly webhookName: string;
  readonly event: PagerDutyEvent['event'];
  readonly now: Date;
}

/** What the audit says about the PagerDuty event, besides the reason or the action. */
function eventMetadata({ webhookName, event }: SignedEvent): Record<string, unknown> {
  return {
    via: 'pagerduty',
    webhook: webhookName,
    event: event.event_type,
    incident: {
      id: event.data?.id ?? null,
      number: event.data?.number ?? null,
      url: event.data?.html_url ?? null,
      key: event.data?.incident_key ?? null,
    },
    pagerduty_user: event.agent?.summary ?? null,
  };
}

async function audit(
  signed: SignedEvent,
  action: AuditAction,
  target: { id: string; name: string | null },
  metadata: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: signed.workspace.id },
    action,
    actor: PAGERDUTY_ACTOR,
    target: { type: 'token', ...target },
    plan: signed.workspace.plan,
    metadata: { ...eventMetadata(signed), ...metadata },
    now: signed.now,
  });
}

async function ignoredAndAudited(
  signed: SignedEvent,
  reason: 'unknown_incident' | 'deleted' | 'outdated',
  target: { id: string; name: string | null },
): Promise<PagerDutyWebhookOutcome> {
  await audit(signed, AUDIT_ACTIONS.alertActionRefused, target, { reason });
  const words = {
    unknown_incident: IGNORED.unknownIncident,
    deleted: IGNORED.deleted,
    outdated: IGNORED.outdated,
  }[reason];
  return { outcome: 'ignored', reason: words };
}

async function act(signed: SignedEvent, token: Token): Promise<PagerDutyWebhookOutcome> {
  const resolved = signed.event.event_type === 'incident.resolved';
  const checksEndpoints = resolved && isMonitored(token);
  if (checksEndpoints) await checkEndpointsNow(token);
  const action: AlertAction = {
    workspaceId: signed.workspace.id,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    kind: checksEndpoints ? 'renewed' : 'acknowledged',
    snoozedUntil: null,
    renewedExpiresAt: null,
    actor: { userId: null, email: null, webhook: signed.webhookName, via: 'pagerduty' },
    at: signed.now.toISOString(),
  };
  await saveAlertAction(action);
  await audit(
    signed,
    checksEndpoints ? AUDIT_ACTIONS.alertEndpointCheckRequested : AUDIT_ACTIONS.alertAcknowledged,
    { id: token.id, name: token.name },
    { expiresAt: token.expiresAt },
  );
  return { outcome: checksEndpoints ? 'endpoint_check_requested' : 'acknowledged' };
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** One event PagerDuty posted for the workspace; see the module's comment for the answers. */
export async function receivePagerDutyEvent(options: {
  readonly workspaceId: string;
  readonly rawBody: string;
  readonly signatureHeader: string | undefined;
  /** The client address, for the per-address limit. */
  readonly ip: string;
  readonly now: Date;
}): Promise<PagerDutyWebhookOutcome> {
  const { workspaceId, rawBody, signatureHeader, now } = options;
  const signatures = signaturesOf(signatureHeader ?? '');
  // Without a signature nothing is opened to check it: refused at once, not counted.
  if (signatures.length === 0) throw badRequest(PAGERDUTY_BACK_CHANNEL_MESSAGES.signatureMissing);
  const limits: RateLimitCheck[] = [
    [PAGERDUTY_WEBHOOK_RATE_LIMITS.refusedPerIpAndWorkspace, `${options.ip}|${workspaceId}`],
    [PAGERDUTY_WEBHOOK_RATE_LIMITS.refusedPerIp, options.ip],
  ];
  await enforceRateLimits(limits, now);
  const [workspace] = await findWorkspaces([workspaceId]);
  const webhookName = await signingWebhook(workspace, rawBody, signatures);
  if (!workspace || webhookName === null) {
    logger.warn('PagerDuty event refused: no stored secret signed it', { workspaceId });
    throw new AppError('FORBIDDEN', PAGERDUTY_BACK_CHANNEL_MESSAGES.signatureInvalid);
  }
  // Signed: PagerDuty's own deliveries do not count towards the limits of refused ones.
  await Promise.all(limits.map(([rule, subject]) => refundRateLimit(rule, subject, now)));
  const parsed = pagerDutyEventSchema.safeParse(jsonOrNull(rawBody));
  if (!parsed.success) throw badRequest(PAGERDUTY_BACK_CHANNEL_MESSAGES.bodyInvalid);
  const { event } = parsed.data;
  if (!isActingEvent(event.event_type)) return { outcome: 'ignored', reason: IGNORED.eventType };

  const signed: SignedEvent = { workspace, webhookName, event, now };
  const eventClaim = `pagerduty:${workspace.id}:${event.id}`;
  if (await isActionLinkUsed(eventClaim)) return { outcome: 'ignored', reason: IGNORED.delivered };
  const outcome = await outcomeOf(signed);
  // Claimed once handled: an event that failed midway (a 5xx) acts on PagerDuty's retry.
  await claimActionLink(eventClaim, new Date(now.getTime() + EVENT_ID_KEPT_MS), now);
  return outcome;
}

async function outcomeOf(signed: SignedEvent): Promise<PagerDutyWebhookOutcome> {
  const incidentKey = signed.event.data?.incident_key ?? '';
  const alert = parseAlertId(incidentKey);
  if (!alert || alert.endpointProblem) {
    return ignoredAndAudited(signed, 'unknown_incident', {
      id: alert?.tokenId ?? incidentKey.slice(0, 200),
      name: null,
    });
  }
  const token = await findToken(signed.workspace.id, alert.tokenId);
  if (!token) return ignoredAndAudited(signed, 'deleted', { id: alert.tokenId, name: null });
  if (token.expiresAt !== alert.expiresAt) {
    return ignoredAndAudited(signed, 'outdated', { id: token.id, name: token.name });
  }
  return act(signed, token);
}
