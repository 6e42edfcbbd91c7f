/**
 * "Add to Slack" for a workspace (OAuth v2). An admin asks to install: the answer is Slack's
 * authorize page with a state bound to the workspace and that admin (10 minutes, once), and the
 * scopes the app needs (post to the channel chosen on Slack's page, read who clicked by verified
 * email). Slack sends the browser back to the OAuth redirect with a code: the state is taken, the
 * signed-in user must be the admin who started it, still an admin, on a plan with the Slack app;
 * then the code is exchanged with `oauth.v2.access` and the bot token stored sealed like
 * integration credentials, with the channel chosen. Installing again replaces the installation
 * (another channel, or after Slack revoked it); removing it deletes the bot token.
 */
import { PLAN_LIMITS } from '@expiry-radar/shared/domain/plans';
import type {
  SlackInstallOutcome,
  SlackInstallationView,
} from '@expiry-radar/shared/api/slack-app-api-schemas';
import { resolveAppOrigin } from '../../adapters/app-origin';
import { getCredentialSealer } from '../../adapters/credential-sealer';
import { getSlackClientSecret } from '../../adapters/slack-secrets';
import { exchangeSlackCode, SlackApiError } from '../../adapters/slack-web-api';
import { AUDIT_ACTIONS, recordAuditEvent } from '../../data/audit-events';
import type { SlackInstallation } from '../../data/entities/slack-installation';
import {
  createSlackOAuthState,
  deleteSlackInstallation,
  findSlackInstallation,
  saveSlackInstallation,
  takeSlackOAuthState,
} from '../../data/slack-app-records';
import { AppError } from '../../platform/app-error';
import { getConfig, isSlackAppConfigured } from '../../platform/config';
import { logger } from '../../platform/logger';
import {
  loadWorkspaceAccess,
  requireAdmin,
  requireNotFrozen,
  type WorkspaceAccess,
  type WorkspaceCaller,
} from '../workspaces/workspace-access';

export const SLACK_APP_SCOPES = [
  'chat:write',
  'chat:write.public',
  'incoming-webhook',
  'users:read',
  'users:read.email',
] as const;

export const SLACK_APP_MESSAGES = {
  notConfigured:
    'This deployment has no Slack app configured: its operator sets the Slack client id and secrets first.',
  planExcluded:
    'Your plan does not include the Slack app: upgrade to Pro to get alerts and their actions in Slack.',
  notInstalled: 'The Slack app is not installed in this workspace.',
} as const;

/** The sealing context of a workspace's bot token. */
export function botTokenContext(workspaceId: string) {
  return { workspaceId, integrationId: 'slack-app' };
}

/** The OAuth redirect Slack sends the browser back to. */
export function slackRedirectUri(appOrigin: string): string {
  return `${appOrigin}/api/slack/oauth/callback`;
}

function viewOf(
  installation: SlackInstallation | undefined,
): SlackInstallationView['installation'] {
  if (!installation) return null;
  return {
    team_id: installation.teamId,
    team_name: installation.teamName,
    channel_id: installation.channelId,
    channel_name: installation.channelName,
    status: installation.status,
    revoked_reason: installation.revokedReason,
    revoked_at: installation.revokedAt,
    installed_by: installation.installedBy.email,
    installed_at: installation.installedAt,
  };
}

export async function slackInstallationView(
  access: WorkspaceAccess,
): Promise<SlackInstallationView> {
  return {
    available: isSlackAppConfigured(getConfig().slack),
    plan_allows: PLAN_LIMITS[access.plan].slackApp,
    installation: viewOf(await findSlackInstallation(access.workspaceId)),
  };
}

function requireSlackAllowed(access: WorkspaceAccess): void {
  requireAdmin(access);
  requireNotFrozen(access);
  if (!isSlackAppConfigured(getConfig().slack)) {
    throw new AppError('CONFLICT', SLACK_APP_MESSAGES.notConfigured);
  }
  if (!PLAN_LIMITS[access.plan].slackApp) {
    throw new AppError('PLAN_LIMIT', SLACK_APP_MESSAGES.planExcluded);
  }
}

/** Slack's authorize page for this admin and workspace. */
export async function startSlackInstallation(
  access: WorkspaceAccess,
  user: { readonly id: string },
  now: Date,
): Promise<string> {
  requireSlackAllowed(access);
  const { slack } = getConfig();
  const state = await createSlackOAuthState(
    { workspaceId: access.workspaceId, userId: user.id },
    now,
  );
  const query = new URLSearchParams({
    client_id: slack.clientId ?? '',
    scope: SLACK_APP_SCOPES.join(','),
    redirect_uri: slackRedirectUri(await resolveAppOrigin()),
    state,
  });
  return `${slack.authorizeUrl}?${query.toString()}`;
}

export interface SlackCallbackResult {
  readonly outcome: SlackInstallOutcome;
  /** The workspace the state named, when it did. */
  readonly workspaceId: string | null;
}

/**
 * Slack's redirect: the state taken once and checked against who is signed in; the code
 * exchanged; the installation stored and audited. Every refusal changes nothing.
 */
export async function completeSlackInstallation(request: {
  readonly query: { code?: string; state?: string; error?: string };
  readonly caller: (WorkspaceCaller & { readonly email: string }) | undefined;
  readonly now: Date;
}): Promise<SlackCallbackResult> {
  const { query, caller, now } = request;
  const state = query.state ? await takeSlackOAuthState(query.state, now) : undefined;
  if (!state) return { outcome: 'expired', workspaceId: null };
  const { workspaceId } = state;
  if (query.error) return { outcome: 'cancelled', workspaceId };
  if (!query.code) return { outcome: 'failed', workspaceId };
  if (!caller || caller.id !== state.userId) return { outcome: 'not_allowed', workspaceId };
  let access: WorkspaceAccess;
  try {
    access = await loadWorkspaceAccess(workspaceId, caller);
    requireSlackAllowed(access);
  } catch (error) {
    if (error instanceof AppError) return { outcome: 'not_allowed', workspaceId };
    throw error;
  }
  const { slack } = getConfig();
  let granted;
  try {
    granted = await exchangeSlackCode({
      clientId: slack.clientId ?? '',
      clientSecret: await getSlackClientSecret(),
      code: query.code,
      redirectUri: slackRedirectUri(await resolveAppOrigin()),
    });
  } catch (error) {
    if (!(error instanceof SlackApiError)) throw error;
    logger.warn('Slack refused the installation code', { code: error.code, workspaceId });
    return { outcome: 'failed', workspaceId };
  }
  const sealedBotToken = await getCredentialSealer().seal(
    granted.botToken,
    botTokenContext(workspaceId),
  );
  await saveSlackInstallation({
    workspaceId,
    teamId: granted.teamId,
    teamName: granted.teamName,
    appId: granted.appId,
    botUserId: granted.botUserId,
    sealedBotToken,
    channelId: granted.channelId,
    channelName: granted.channelName,
    status: 'active',
    revokedReason: null,
    revokedAt: null,
    installedBy: { userId: caller.id, email: caller.email },
    installedAt: now.toISOString(),
  });
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId },
    action: AUDIT_ACTIONS.slackAppInstalled,
    actor: { id: caller.id, email: caller.email },
    target: { type: 'slack_app', id: granted.teamId, name: granted.teamName },
    plan: access.plan,
    metadata: { channelId: granted.channelId, channel: granted.channelName },
    now,
  });
  return { outcome: 'installed', workspaceId };
}

export async function removeSlackInstallation(
  access: WorkspaceAccess,
  user: { readonly id: string; readonly email: string },
  now: Date,
): Promise<void> {
  requireAdmin(access);
  const installation = await findSlackInstallation(access.workspaceId);
  if (!installation) throw new AppError('NOT_FOUND', SLACK_APP_MESSAGES.notInstalled);
  await deleteSlackInstallation(access.workspaceId);
  await recordAuditEvent({
    scope: { type: 'workspace', workspaceId: access.workspaceId },
    action: AUDIT_ACTIONS.slackAppRemoved,
    actor: { id: user.id, email: user.email },
    target: { type: 'slack_app', id: installation.teamId, name: installation.teamName },
    plan: access.plan,
    metadata: { channelId: installation.channelId, channel: installation.channelName },
    now,
  });
}
