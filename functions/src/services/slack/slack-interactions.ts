/**
 * Slack's interaction requests (a button or the date picker of an alert message). The request
 * must carry a valid `X-Slack-Signature` over its raw body (else 400, logged: a forged request
 * names no workspace it could be trusted with), a timestamp within 5 minutes, and must not have
 * been seen before (its signature is taken once): a stale or replayed request is refused with
 * 400 and audited in the workspace its message is about. Then the Slack user who clicked is
 * matched to a member of that workspace by their verified email (`users.info`); anyone else gets
 * the ephemeral answer that they are not a member, and nothing changes. A member's click goes
 * through the alert action model (services/alerts/alert-actions.ts) as theirs, and the message
 * is updated in place to say what was done and by whom.
 */
import * as z from 'zod';
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import { isEditorRole } from '@expiry-radar/shared/domain/permissions';
import type { AlertActionState } from '@expiry-radar/shared/api/alert-action-api-schemas';
import { getSlackSigningSecret } from '../../adapters/slack-secrets';
import {
  findSlackUser,
  isSlackResponseUrl,
  respondEphemeral,
  updateSlackMessage,
  type SlackUser,
} from '../../adapters/slack-web-api';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import type { SlackInstallation } from '../../data/entities/slack-installation';
import { claimSlackInteraction, findSlackInstallation } from '../../data/slack-app-records';
import { findToken } from '../../data/token-records';
import { findUserById, findUserIdByEmail, type UserRecord } from '../../data/user-records';
import { findWorkspaces, type WorkspaceRecord } from '../../data/workspace-store';
import { dayOf } from '../../domain/alert-action-policy';
import {
  shortDay,
  slackAlertActionOf,
  slackUpdatedMessage,
  subjectOfBlockId,
  type SlackAlertSubject,
} from '../../domain/slack-alert-message';
import { checkSlackSignature, hasSlackSignature } from '../../domain/slack-request-signature';
import { AppError, badRequest } from '../../platform/app-error';
import { getConfig, isSlackAppConfigured } from '../../platform/config';
import { logger } from '../../platform/logger';
import { ALERT_LINK_REFUSALS, takeMemberAlertAction } from '../alerts/alert-actions';
import { loadWorkspaceAccess, type WorkspaceAccess } from '../workspaces/workspace-access';
import { openBotToken, revokeOnSlackAnswer } from './slack-alerts';
import { SLACK_APP_MESSAGES } from './slack-installation';

export const SLACK_INTERACTION_MESSAGES = {
  forged: 'The Slack request signature does not match: the request was refused.',
  stale: 'The Slack request timestamp is more than 5 minutes old: the request was refused.',
  replayed: 'This Slack request was handled already: a request is taken once.',
  noPayload: 'The Slack request carries no interaction payload.',
  notMember:
    'Nothing was changed: you are not a member of this workspace in Expiry Radar (members are matched by the verified email of their Slack account).',
  viewer:
    'Nothing was changed: viewers have read-only access to this workspace. Ask an admin or a workspace manager.',
  frozen: 'Nothing was changed: this workspace is frozen until its owner upgrades the plan.',
  notInstalled:
    'Nothing was changed: the Slack app is no longer installed in this Expiry Radar workspace.',
} as const;

const payloadSchema = z.object({
  type: z.string(),
  user: z.object({ id: z.string().min(1) }),
  team: z.object({ id: z.string().min(1) }).nullable(),
  actions: z
    .array(
      z.object({
        action_id: z.string(),
        block_id: z.string(),
        selected_date: z.string().nullable().optional(),
      }),
    )
    .default([]),
  container: z.object({ channel_id: z.string(), message_ts: z.string() }).partial().optional(),
  channel: z.object({ id: z.string() }).optional(),
  message: z
    .object({
      ts: z.string().optional(),
      text: z.string().optional(),
      blocks: z.array(z.record(z.string(), z.unknown())).optional(),
    })
    .optional(),
  response_url: z.string().optional(),
});
type SlackPayload = z.infer<typeof payloadSchema>;

function parsePayload(rawBody: string): SlackPayload {
  const text = new URLSearchParams(rawBody).get('payload');
  if (!text) throw badRequest(SLACK_INTERACTION_MESSAGES.noPayload);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(SLACK_INTERACTION_MESSAGES.noPayload);
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) throw badRequest(SLACK_INTERACTION_MESSAGES.noPayload);
  return parsed.data;
}

interface Clicked {
  readonly subject: SlackAlertSubject;
  readonly actionId: string;
  readonly selectedDate: string | null;
}

function clickedOf(payload: SlackPayload): Clicked | null {
  const [action] = payload.actions;
  if (payload.type !== 'block_actions' || !action) return null;
  const subject = subjectOfBlockId(action.block_id);
  return subject
    ? { subject, actionId: action.action_id, selectedDate: action.selected_date ?? null }
    : null;
}

/** The installation a genuine payload's message belongs to: the same Slack workspace. */
async function installationOf(
  payload: SlackPayload,
  subject: SlackAlertSubject,
): Promise<SlackInstallation | undefined> {
  const installation = await findSlackInstallation(subject.workspaceId);
  return installation && installation.teamId === payload.team?.id ? installation : undefined;
}

async function auditRefusal(options: {
  readonly workspace: WorkspaceRecord;
  readonly subject: SlackAlertSubject;
  readonly payload: SlackPayload;
  readonly reason: string;
  readonly actor?: UserRecord;
  readonly now: Date;
}): Promise<void> {
  const { workspace, subject, payload, actor } = options;
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: workspace.id },
    action: AUDIT_ACTIONS.slackInteractionRefused,
    actor: actor ? { id: actor.id, email: actor.email } : { id: 'slack', email: null },
    target: { type: 'token', id: subject.tokenId, name: null },
    plan: workspace.plan,
    metadata: {
      reason: options.reason,
      via: 'slack',
      slackUserId: payload.user.id,
      slackTeamId: payload.team?.id ?? null,
      expiresAt: subject.expiresAt,
    },
    now: options.now,
  });
}

async function answer(payload: SlackPayload, message: string): Promise<void> {
  if (!payload.response_url || !isSlackResponseUrl(payload.response_url)) return;
  await respondEphemeral(payload.response_url, message).catch((error: unknown) => {
    logger.warn('Slack ephemeral answer failed', { error: String(error) });
  });
}

/** The member the Slack user is, by their verified email; null when none. */
async function memberOf(
  slackUser: SlackUser,
  workspaceId: string,
): Promise<{ user: UserRecord; access: WorkspaceAccess } | null> {
  if (!slackUser.emailConfirmed || !slackUser.email) return null;
  const userId = await findUserIdByEmail(slackUser.email.toLowerCase());
  const user = userId ? await findUserById(userId) : undefined;
  if (!user?.emailVerified) return null;
  try {
    return { user, access: await loadWorkspaceAccess(workspaceId, user) };
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** What the updated message says was done, and by whom. */
export function statusLine(state: AlertActionState, by: string, now: Date): string {
  if (state.kind === 'snoozed' && state.snoozed_until) {
    return `Snoozed until ${shortDay(state.snoozed_until, now)} by ${by}`;
  }
  if (state.kind === 'acknowledged') return `Acknowledged by ${by}: no more alerts for this expiry`;
  if (state.renewed_expires_at) {
    return `Renewed by ${by}: now expires on ${shortDay(dayOf(state.renewed_expires_at), now)}`;
  }
  // Said of an expiry alert and of an endpoint problem alike: the check follows what is served.
  return `Endpoint check asked for by ${by}: the endpoints are checked now, and the token follows the certificate they serve`;
}

/** One interaction request, already read as its raw body and Slack's two headers. */
export async function handleSlackInteraction(request: {
  readonly rawBody: string;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  readonly now: Date;
}): Promise<void> {
  const { rawBody, now } = request;
  if (!isSlackAppConfigured(getConfig().slack)) {
    throw new AppError('NOT_FOUND', SLACK_APP_MESSAGES.notConfigured);
  }
  // A request without a signature is refused before the signing secret is read.
  const check = hasSlackSignature(request.timestamp, request.signature)
    ? checkSlackSignature({
        signingSecret: await getSlackSigningSecret(),
        timestamp: request.timestamp,
        signature: request.signature,
        rawBody,
        now,
      })
    : 'forged';
  if (check === 'forged') {
    logger.warn('Slack interaction refused: its signature does not match');
    throw badRequest(SLACK_INTERACTION_MESSAGES.forged);
  }
  const payload = parsePayload(rawBody);
  const clicked = clickedOf(payload);
  const installation = clicked ? await installationOf(payload, clicked.subject) : undefined;
  const [workspace] = clicked ? await findWorkspaces([clicked.subject.workspaceId]) : [];
  const refuse = async (reason: 'stale' | 'replayed', message: string): Promise<never> => {
    if (clicked && installation && workspace) {
      await auditRefusal({ workspace, subject: clicked.subject, payload, reason, now });
    } else {
      logger.warn('Slack interaction refused', { reason });
    }
    throw badRequest(message);
  };
  if (check === 'stale') await refuse('stale', SLACK_INTERACTION_MESSAGES.stale);
  if (!(await claimSlackInteraction(request.signature ?? '', now))) {
    await refuse('replayed', SLACK_INTERACTION_MESSAGES.replayed);
  }
  // Buttons that only open a page (Open dashboard, Renew) need nothing but the 200.
  const action = clicked ? slackAlertActionOf(clicked.actionId) : null;
  if (!clicked || !action) return;
  if (!installation || !workspace) {
    await answer(payload, SLACK_INTERACTION_MESSAGES.notInstalled);
    return;
  }
  await actAsMember({ payload, clicked, action, installation, workspace, now });
}

async function actAsMember(options: {
  readonly payload: SlackPayload;
  readonly clicked: Clicked;
  readonly action: NonNullable<ReturnType<typeof slackAlertActionOf>>;
  readonly installation: SlackInstallation;
  readonly workspace: WorkspaceRecord;
  readonly now: Date;
}): Promise<void> {
  const { payload, clicked, action, installation, workspace, now } = options;
  const { subject } = clicked;
  const botToken = await openBotToken(installation);
  let slackUser: SlackUser;
  try {
    slackUser = await findSlackUser(botToken, payload.user.id);
  } catch (error) {
    if (await revokeOnSlackAnswer(installation, error, workspace.plan, now)) return;
    throw error;
  }
  const member = await memberOf(slackUser, workspace.id);
  const refuse = async (reason: string, message: string) => {
    await auditRefusal({ workspace, subject, payload, reason, actor: member?.user, now });
    await answer(payload, message);
  };
  if (!member) return refuse('not_member', SLACK_INTERACTION_MESSAGES.notMember);
  if (!isEditorRole(member.access.role)) return refuse('viewer', SLACK_INTERACTION_MESSAGES.viewer);
  if (member.access.isFrozen) return refuse('frozen', SLACK_INTERACTION_MESSAGES.frozen);
  if (!PLAN_LIMITS[member.access.plan].slackApp) {
    return refuse('plan', SLACK_APP_MESSAGES.planExcluded);
  }
  const token = await findToken(workspace.id, subject.tokenId);
  if (!token) return refuse('deleted', ALERT_LINK_REFUSALS.deleted);
  let outcome;
  try {
    outcome = await takeMemberAlertAction({
      workspace,
      token,
      expiresAt: subject.expiresAt,
      action: action.action,
      snoozeDays: action.snoozeDays,
      input: clicked.selectedDate ? { expires_at: clicked.selectedDate } : {},
      member: {
        userId: member.user.id,
        email: member.user.email,
        via: 'slack',
        metadata: { slackUserId: slackUser.id, slackTeamId: installation.teamId },
      },
      now,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await answer(payload, `Nothing was changed: ${error.message}`);
    return;
  }
  await updateMessage(payload, installation, botToken, outcome.state, {
    by: member.user.name ?? member.user.displayName ?? member.user.email,
    plan: workspace.plan,
    now,
  });
}

async function updateMessage(
  payload: SlackPayload,
  installation: SlackInstallation,
  botToken: string,
  state: AlertActionState,
  options: { readonly by: string; readonly plan: WorkspaceRecord['plan']; readonly now: Date },
): Promise<void> {
  const channel = payload.container?.channel_id ?? payload.channel?.id;
  const ts = payload.container?.message_ts ?? payload.message?.ts;
  if (!channel || !ts) return;
  const updated = slackUpdatedMessage({
    posted: payload.message?.blocks ?? [],
    fallbackText: payload.message?.text ?? 'Expiry Radar alert',
    status: statusLine(state, options.by, options.now),
    keepActions: state.kind === 'snoozed',
  });
  try {
    await updateSlackMessage(botToken, { channel, ts, ...updated });
  } catch (error) {
    if (await revokeOnSlackAnswer(installation, error, options.plan, options.now)) return;
    // The action itself is done and audited; the message stays as it was.
    logger.warn('Slack message update failed', { error: String(error) });
  }
}
