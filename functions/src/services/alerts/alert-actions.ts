/**
 * Acting on an alert: acknowledge (no more alerts for this expiry, for everyone), snooze until a
 * day (never past the expiry), or renewed (a new expiry; for a certificate followed by endpoint
 * monitoring, its endpoints are checked at once instead). From an alert's signed link (the
 * confirmation page asks first, its button acts; each link works once, for 14 days, only while
 * the token still has the expiry the alert was about, and only while its recipient may still take
 * the action: domain/alert-link-rights.ts) or from a token's details by an editor. The action is stored with the token's current expiry (a new expiry re-arms the alerts)
 * and audited with who did it; a refused link is audited too (one that does not verify names no
 * workspace it could be trusted with, so it is logged).
 */
import {
  expiryDayDetail,
  type AlertActionLinkAnswer,
  type AlertActionOutcome,
  type AlertActionState,
  type SetTokenAlertAction,
} from '@expiry-radar/shared/api/alert-action-api-schemas';
import type { EndpointCheckMessage } from '@expiry-radar/shared/api/endpoint-api-schemas';
import type { Plan } from '@expiry-radar/shared/domain/plans';
import type { Token } from '@expiry-radar/shared/domain/token';
import { updateTokenSchema } from '@expiry-radar/shared/domain/update-token-schema';
import { getAlertLinkKeys } from '../../adapters/alert-link-key';
import { enqueueEndpointChecks } from '../../adapters/endpoint-check-queue';
import {
  claimActionLink,
  deleteAlertAction,
  findAlertAction,
  isActionLinkUsed,
  releaseActionLink,
  saveAlertAction,
} from '../../data/alert-action-records';
import { AUDIT_ACTIONS, recordAuditEvent, type AuditAction } from '../../data/audit-events';
import type { AlertAction, AlertActionActor } from '../../data/entities/alert-action';
import { findToken } from '../../data/token-records';
import { updateToken } from '../../data/token-mutations';
import { findUserIdByEmail } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import {
  linkExpiry,
  verifyAlertActionLink,
  webhookNameOf,
  type AlertActionLinkClaims,
} from '../../domain/alert-action-link';
import { linkRightsRefusal, type LinkRightsRefusalReason } from '../../domain/alert-link-rights';
import {
  dayOf,
  snoozeDayFor,
  snoozeRefusal,
  ALERT_ACTION_REFUSALS,
} from '../../domain/alert-action-policy';
import { AppError } from '../../platform/app-error';
import { logger } from '../../platform/logger';
import { withTokenWriteErrors } from '../tokens/token-write-errors';
import { linkRecipientNow } from './alert-link-recipient';

export const ALERT_LINK_REFUSALS = {
  invalid: 'This link is not valid. Use the links of a recent alert.',
  expired:
    'This link has expired: alert links work for 14 days. Use the links of a recent alert, or open the token in Expiry Radar.',
  used: 'This link was used already: each link works once. Use the links of a recent alert, or open the token in Expiry Radar.',
  deleted: 'This token was deleted, so there is nothing to act on.',
  outdated: (tokenName: string, expiryDay: string) =>
    `This alert is out of date: ${tokenName} now expires on ${expiryDay}. Nothing was changed.`,
  snoozeDateRequired: 'Pick the date to snooze until.',
  renewalDateRequired: 'Give the new expiry date.',
} as const;

type RefusalReason =
  'expired' | 'used' | 'deleted' | 'outdated' | 'invalid_date' | LinkRightsRefusalReason;

/** Refusals for what the recipient may do now rather than for the link itself. */
const FORBIDDEN_REASONS: ReadonlySet<RefusalReason> = new Set([
  'read_only',
  'two_factor_required',
  'frozen',
]);

function errorCodeOf(reason: RefusalReason) {
  if (reason === 'invalid_date') return 'VALIDATION_ERROR';
  return FORBIDDEN_REASONS.has(reason) ? 'FORBIDDEN' : 'INVALID_LINK';
}

class LinkRefusal extends AppError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** The token's expiry day, given beside the message for the page to write in its format. */
    expiryDay?: string,
  ) {
    super(errorCodeOf(reason), message, expiryDay ? [expiryDayDetail(expiryDay)] : undefined);
  }
}

/** What an action is about and asks for, from a link or from a member in Slack. */
interface ActionSubject {
  readonly claims: Pick<AlertActionLinkClaims, 'action' | 'snoozeDays'>;
  readonly workspace: WorkspaceRecord;
  readonly token: Token;
}

interface OpenedLink extends ActionSubject {
  readonly claims: AlertActionLinkClaims;
  readonly actor: AlertActionActor;
}

/** Who a link's recipient is in an action and the audit: a member when the address is one. */
async function actorOfLink(claims: AlertActionLinkClaims): Promise<AlertActionActor> {
  const webhook = webhookNameOf(claims.recipient);
  if (webhook !== null) return { userId: null, email: null, webhook, via: 'link' };
  const userId = (await findUserIdByEmail(claims.recipient)) ?? null;
  return { userId, email: claims.recipient, webhook: null, via: 'link' };
}

function auditActorOf(actor: AlertActionActor) {
  return { id: actor.userId ?? 'alert_link', email: actor.email };
}

/** Who did it, in words: the address, or the webhook the link came through. */
function byText(actor: AlertActionActor): string {
  if (actor.email) return actor.email;
  if (actor.via === 'pagerduty') return `PagerDuty, through the ${actor.webhook} webhook`;
  if (actor.webhook) return `a link in the ${actor.webhook} webhook's message`;
  return 'a member';
}

export function alertActionStateOf(action: AlertAction): AlertActionState {
  return {
    kind: action.kind,
    expires_at: action.expiresAt,
    snoozed_until: action.snoozedUntil,
    renewed_expires_at: action.renewedExpiresAt,
    by: byText(action.actor),
    at: action.at,
  };
}

/**
 * The link's claims, workspace, token and recipient; refuses what cannot be acted on, and what its
 * recipient may not do now (domain/alert-link-rights.ts).
 */
async function openLink(tokenText: string, now: Date): Promise<OpenedLink> {
  const claims = verifyAlertActionLink(tokenText, await getAlertLinkKeys());
  if (!claims) {
    logger.warn('Alert action link refused: it does not verify');
    throw new AppError('INVALID_LINK', ALERT_LINK_REFUSALS.invalid);
  }
  const [workspace] = await findWorkspaces([claims.workspaceId]);
  const token = workspace ? await findToken(workspace.id, claims.tokenId) : undefined;
  if (!workspace || !token) {
    throw new RefusalWithContext(
      new LinkRefusal('deleted', ALERT_LINK_REFUSALS.deleted),
      claims,
      workspace,
    );
  }
  const refuse = (reason: RefusalReason, message: string) =>
    new RefusalWithContext(new LinkRefusal(reason, message), claims, workspace, token);
  if (linkExpiry(claims).getTime() <= now.getTime())
    throw refuse('expired', ALERT_LINK_REFUSALS.expired);
  if (token.expiresAt !== claims.expiresAt) {
    throw refuse('outdated', ALERT_LINK_REFUSALS.outdated(token.name, dayOf(token.expiresAt)));
  }
  const actor = await actorOfLink(claims);
  const refusal = linkRightsRefusal(await linkRecipientNow(actor, workspace, token), claims.action);
  if (refusal) throw refuse(refusal.reason, refusal.message);
  return { claims, workspace, token, actor };
}

/** A refusal with what the link named, so that it can be audited in its workspace. */
class RefusalWithContext extends Error {
  constructor(
    readonly refusal: LinkRefusal,
    readonly claims: AlertActionLinkClaims,
    readonly workspace: WorkspaceRecord | undefined,
    readonly token?: Token,
  ) {
    super(refusal.message);
    this.name = 'RefusalWithContext';
  }

  /** The refusal as answered: with the token's expiry day when the token is known. */
  answer(): LinkRefusal {
    const { refusal, token } = this;
    return token && !refusal.details
      ? new LinkRefusal(refusal.reason, refusal.message, dayOf(token.expiresAt))
      : refusal;
  }
}

/** The confirmation page's question: what the link would do; changes nothing. */
export async function describeAlertActionLink(
  tokenText: string,
  now: Date,
): Promise<AlertActionLinkAnswer> {
  let opened: OpenedLink;
  try {
    opened = await openLink(tokenText, now);
  } catch (error) {
    if (error instanceof RefusalWithContext) throw error.answer();
    throw error;
  }
  const { claims, workspace, token } = opened;
  if (await isActionLinkUsed(claims.linkId))
    throw new LinkRefusal('used', ALERT_LINK_REFUSALS.used);
  const current = await findAlertAction(workspace.id, token.id);
  const webhook = webhookNameOf(claims.recipient);
  return {
    action: claims.action,
    snooze_days: claims.action === 'snooze' ? claims.snoozeDays : null,
    recipient: webhook === null ? claims.recipient : `the ${webhook} webhook`,
    workspace: { id: workspace.id, name: workspace.name },
    token: {
      id: token.id,
      name: token.name,
      expires_at: token.expiresAt,
      monitored: isMonitored(token),
    },
    suggested_until:
      claims.action === 'snooze'
        ? snoozeDayFor(claims.snoozeDays ?? 7, token.expiresAt, now)
        : null,
    latest_until: dayOf(token.expiresAt),
    current: current && current.expiresAt === token.expiresAt ? alertActionStateOf(current) : null,
  };
}

/** A certificate followed by endpoint monitoring (an endpoint not paused). */
export function isMonitored(token: Token): boolean {
  return (token.endpoints ?? []).some((endpoint) => !endpoint.paused_since);
}

/** Puts the token's endpoints on the endpoint check queue at once. */
export async function checkEndpointsNow(token: Token): Promise<void> {
  const messages: EndpointCheckMessage[] = (token.endpoints ?? [])
    .filter((endpoint) => !endpoint.paused_since)
    .map(({ host, port, sni }) => ({
      workspaceId: token.workspace_id,
      tokenId: token.id,
      host,
      port,
      sni,
    }));
  const unsent = await enqueueEndpointChecks(messages);
  if (unsent.length > 0) throw new Error(`${unsent.length} endpoint checks were not enqueued`);
}

function snoozeDayOf(
  claims: Pick<AlertActionLinkClaims, 'snoozeDays'>,
  until: string | undefined,
  token: Token,
  now: Date,
): string {
  const day =
    until ??
    (claims.snoozeDays === null ? null : snoozeDayFor(claims.snoozeDays, token.expiresAt, now));
  if (day === null) {
    const message =
      dayOf(token.expiresAt) <= dayOf(now.toISOString())
        ? ALERT_ACTION_REFUSALS.snoozeExpired
        : ALERT_LINK_REFUSALS.snoozeDateRequired;
    throw new LinkRefusal('invalid_date', message);
  }
  const refusal = snoozeRefusal(day, token.expiresAt, now);
  if (refusal) throw new LinkRefusal('invalid_date', refusal);
  return day;
}

/** The new expiry of a renewal, as the token form would take it (a future date, not the same). */
function renewalOf(token: Token, expiresAt: string | undefined, now: Date): string {
  if (!expiresAt) throw new LinkRefusal('invalid_date', ALERT_LINK_REFUSALS.renewalDateRequired);
  const parsed = updateTokenSchema({ now, current: token }).safeParse({ expiresAt });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? ALERT_LINK_REFUSALS.renewalDateRequired;
    throw new LinkRefusal('invalid_date', message);
  }
  const renewed = parsed.data.expiresAt!;
  if (dayOf(renewed) === dayOf(token.expiresAt)) {
    throw new LinkRefusal(
      'invalid_date',
      ALERT_ACTION_REFUSALS.renewalSameDate(dayOf(token.expiresAt)),
    );
  }
  return renewed;
}

async function auditRefusal(refused: RefusalWithContext, now: Date): Promise<void> {
  const { refusal, claims, workspace, token } = refused;
  if (!workspace) {
    logger.warn('Alert action link refused: its workspace is gone', { reason: refusal.reason });
    return;
  }
  const actor = await actorOfLink(claims);
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: workspace.id },
    action: AUDIT_ACTIONS.alertActionRefused,
    actor: auditActorOf(actor),
    target: { type: 'token', id: claims.tokenId, name: token?.name ?? null },
    plan: workspace.plan,
    metadata: {
      reason: refusal.reason,
      action: claims.action,
      expiresAt: claims.expiresAt,
      ...(actor.webhook ? { webhook: actor.webhook } : {}),
    },
    now,
  });
}

interface Performed {
  readonly action: AlertAction;
  readonly audit: AuditAction;
  readonly metadata: Record<string, unknown>;
  readonly message: string;
}

async function perform(
  opened: ActionSubject,
  body: { until?: string; expires_at?: string },
  actor: AlertActionActor,
  now: Date,
): Promise<Performed> {
  const { claims, workspace, token } = opened;
  const base = {
    workspaceId: workspace.id,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    actor,
    at: now.toISOString(),
  };
  if (claims.action === 'acknowledge') {
    return {
      action: { ...base, kind: 'acknowledged', snoozedUntil: null, renewedExpiresAt: null },
      audit: AUDIT_ACTIONS.alertAcknowledged,
      metadata: { expiresAt: token.expiresAt },
      message: `Acknowledged: no more alerts for ${token.name} until its expiry changes.`,
    };
  }
  if (claims.action === 'snooze') {
    const day = snoozeDayOf(claims, body.until, token, now);
    return {
      action: { ...base, kind: 'snoozed', snoozedUntil: day, renewedExpiresAt: null },
      audit: AUDIT_ACTIONS.alertSnoozed,
      metadata: { expiresAt: token.expiresAt, until: day },
      message: `Snoozed: no alerts for ${token.name} until ${day}.`,
    };
  }
  if (isMonitored(token)) {
    await checkEndpointsNow(token);
    return {
      action: { ...base, kind: 'renewed', snoozedUntil: null, renewedExpiresAt: null },
      audit: AUDIT_ACTIONS.alertEndpointCheckRequested,
      metadata: { expiresAt: token.expiresAt },
      message: `The endpoints of ${token.name} are being checked now: once they serve the renewed certificate, its new expiry is taken and the alerts follow it.`,
    };
  }
  const renewed = renewalOf(token, body.expires_at, now);
  const updated = await withTokenWriteErrors(workspace.plan, () =>
    updateToken(token, { expiresAt: renewed }, now),
  );
  return {
    action: {
      ...base,
      expiresAt: updated.expiresAt,
      kind: 'renewed',
      snoozedUntil: null,
      renewedExpiresAt: updated.expiresAt,
    },
    audit: AUDIT_ACTIONS.tokenRenewed,
    metadata: { previousExpiresAt: token.expiresAt, expiresAt: updated.expiresAt },
    message: `Renewed: ${token.name} now expires on ${dayOf(updated.expiresAt)}, and its alerts follow the new date.`,
  };
}

/**
 * The confirmation page's button: does what the link says, once. Refusals (expired, used, out of
 * date, a bad date, a deleted token, a recipient who may not act now) change nothing and are
 * audited in the link's workspace.
 */
export async function takeAlertAction(
  tokenText: string,
  body: { until?: string; expires_at?: string },
  now: Date,
): Promise<AlertActionOutcome> {
  let opened: OpenedLink | undefined;
  try {
    opened = await openLink(tokenText, now);
    const { claims, workspace, token, actor } = opened;
    if (!(await claimActionLink(claims.linkId, linkExpiry(claims), now))) {
      throw new RefusalWithContext(
        new LinkRefusal('used', ALERT_LINK_REFUSALS.used),
        claims,
        workspace,
        token,
      );
    }
    let performed: Performed;
    try {
      performed = await perform(opened, body, actor, now);
    } catch (error) {
      await releaseActionLink(claims.linkId);
      throw error;
    }
    await saveAlertAction(performed.action);
    await recordAuditEvent({
      scope: { type: 'workspace', workspaceId: workspace.id },
      action: performed.audit,
      actor: auditActorOf(actor),
      target: { type: 'token', id: token.id, name: token.name },
      plan: workspace.plan,
      metadata: {
        ...performed.metadata,
        via: 'alert_link',
        ...(actor.webhook ? { webhook: actor.webhook } : {}),
      },
      now,
    });
    return { message: performed.message, state: alertActionStateOf(performed.action) };
  } catch (error) {
    const refused =
      error instanceof RefusalWithContext
        ? error
        : error instanceof LinkRefusal && opened
          ? new RefusalWithContext(error, opened.claims, opened.workspace, opened.token)
          : undefined;
    if (!refused) throw error;
    await auditRefusal(refused, now);
    throw refused.answer();
  }
}

/** The token's action for its current expiry, if any. */
export async function currentAlertAction(token: Token): Promise<AlertActionState | null> {
  const action = await findAlertAction(token.workspace_id, token.id);
  return action && action.expiresAt === token.expiresAt ? alertActionStateOf(action) : null;
}

/** An editor acknowledges, snoozes or clears the token's alert action from its details. */
export async function setAlertAction(options: {
  token: Token;
  change: SetTokenAlertAction;
  user: { readonly id: string; readonly email: string };
  plan: Plan;
  now: Date;
}): Promise<AlertActionState | null> {
  const { token, change, user, plan, now } = options;
  const audit = (action: AuditAction, metadata: Record<string, unknown>) =>
    recordAuditEvent({
      scope: { type: 'workspace', workspaceId: token.workspace_id },
      action,
      actor: { id: user.id, email: user.email },
      target: { type: 'token', id: token.id, name: token.name },
      plan,
      metadata: { expiresAt: token.expiresAt, ...metadata },
      now,
    });
  if (change.kind === 'none') {
    await deleteAlertAction(token.workspace_id, token.id);
    await audit(AUDIT_ACTIONS.alertActionCleared, {});
    return null;
  }
  if (change.kind === 'snoozed') {
    const refusal = snoozeRefusal(change.until, token.expiresAt, now);
    if (refusal) throw new AppError('VALIDATION_ERROR', refusal);
  }
  const action: AlertAction = {
    workspaceId: token.workspace_id,
    tokenId: token.id,
    expiresAt: token.expiresAt,
    kind: change.kind,
    snoozedUntil: change.kind === 'snoozed' ? change.until : null,
    renewedExpiresAt: null,
    actor: { userId: user.id, email: user.email, webhook: null, via: 'web' },
    at: now.toISOString(),
  };
  await saveAlertAction(action);
  await audit(
    change.kind === 'snoozed' ? AUDIT_ACTIONS.alertSnoozed : AUDIT_ACTIONS.alertAcknowledged,
    change.kind === 'snoozed' ? { until: change.until } : {},
  );
  return alertActionStateOf(action);
}

/** Who acted as a member in a channel that knows them (Slack), and how it is audited. */
export interface MemberActor {
  readonly userId: string;
  readonly email: string;
  readonly via: 'slack';
  /** Recorded with the event (the Slack user and workspace). */
  readonly metadata: Record<string, unknown>;
}

/**
 * A member acts on an alert where it arrived (Slack's buttons): the same actions as a link's,
 * stored and audited as the member's with `via`. The token must still have the expiry the alert
 * was about; a refusal (out of date, a bad date) changes nothing, is audited as
 * `alert.action_refused`, and comes back as a 400 with its message.
 */
export async function takeMemberAlertAction(options: {
  readonly workspace: WorkspaceRecord;
  readonly token: Token;
  readonly expiresAt: string;
  readonly action: AlertActionLinkClaims['action'];
  readonly snoozeDays: number | null;
  readonly input: { until?: string; expires_at?: string };
  readonly member: MemberActor;
  readonly now: Date;
}): Promise<{ readonly message: string; readonly state: AlertActionState }> {
  const { workspace, token, member, now } = options;
  const actor: AlertActionActor = {
    userId: member.userId,
    email: member.email,
    webhook: null,
    via: member.via,
  };
  const audit = (action: AuditAction, metadata: Record<string, unknown>) =>
    recordAuditEvent({
      scope: { type: 'workspace', workspaceId: workspace.id },
      action,
      actor: auditActorOf(actor),
      target: { type: 'token', id: token.id, name: token.name },
      plan: workspace.plan,
      metadata: { ...metadata, via: member.via, ...member.metadata },
      now,
    });
  try {
    if (token.expiresAt !== options.expiresAt) {
      throw new LinkRefusal(
        'outdated',
        ALERT_LINK_REFUSALS.outdated(token.name, dayOf(token.expiresAt)),
      );
    }
    const performed = await perform(
      { claims: { action: options.action, snoozeDays: options.snoozeDays }, workspace, token },
      options.input,
      actor,
      now,
    );
    await saveAlertAction(performed.action);
    await audit(performed.audit, performed.metadata);
    return { message: performed.message, state: alertActionStateOf(performed.action) };
  } catch (error) {
    if (!(error instanceof LinkRefusal)) throw error;
    await audit(AUDIT_ACTIONS.alertActionRefused, {
      reason: error.reason,
      action: options.action,
      expiresAt: options.expiresAt,
    });
    throw new AppError('VALIDATION_ERROR', error.message);
  }
}
