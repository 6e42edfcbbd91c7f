/**
 * What a user's weekly summary lists (domain/weekly-summary.ts): per workspace they belong to
 * (any role), its tokens expiring from WEEKLY_SUMMARY_RENEWED_DAYS days ago to
 * WEEKLY_SUMMARY_HORIZON_DAYS ahead (expired ones still unrenewed: renewing moves the date; not
 * those removed at source, which expire on nobody, as their alerts say: domain/alert-schedule) and
 * its renewals of the last WEEKLY_SUMMARY_RENEWED_DAYS days (the `token.renewed` audit events),
 * with the links of the email: each token's details, the workspace's dashboard, the account
 * settings, and the signed links that stop the summary.
 */
import {
  WEEKLY_SUMMARY_HORIZON_DAYS,
  WEEKLY_SUMMARY_RENEWED_DAYS,
} from '@expiry-radar/shared/api/weekly-summary-api-schemas';
import { addCalendarDays } from '@expiry-radar/shared/domain/calendar-date';
import type { Token } from '@expiry-radar/shared/domain/token';
import { listWorkspaceEventsOfAction } from '../../data/audit-queries';
import { AUDIT_ACTIONS } from '../../data/audit-events';
import { workspaceCodec } from '../../data/entities/workspace';
import { listTokensExpiringBetween } from '../../data/expiring-tokens';
import { keys } from '../../data/keys';
import { listMembershipsOfUser } from '../../data/workspace-records';
import { WorkspaceIsolatedReads } from '../../data/workspace-isolated-reads';
import type { TokenLine } from '../../domain/alert-email-layout';
import { identifyingFields } from '../../domain/alert-digest';
import { daysLeft, isRemovedAtSource } from '../../domain/alert-schedule';
import type { WeeklySummarySubject } from '../../domain/unsubscribe-token';
import type { RenewedToken, SummaryWorkspace, WeeklySummary } from '../../domain/weekly-summary';
import {
  accountSettingsUrl,
  oneClickUnsubscribeUrl,
  tokenUrl,
  unsubscribePageUrl,
  workspaceDashboardUrl,
} from './alert-links';

/** Renewals listed per workspace at most (the newest). */
const MAX_RENEWALS_PER_WORKSPACE = 50;

export interface WeeklySummaryPorts {
  readonly appOrigin: string;
  /** The signed token of the link that stops the summary (domain/unsubscribe-token.ts). */
  signUnsubscribe(subject: WeeklySummarySubject): Promise<string>;
}

function lineOf(token: Token, appOrigin: string, now: Date): TokenLine {
  return {
    key: token.id,
    tokenName: token.name,
    type: token.type,
    category: token.category,
    identifiers: identifyingFields(token),
    expiresAt: token.expiresAt,
    daysLeft: daysLeft(token.expiresAt, now),
    openUrl: tokenUrl(appOrigin, token.workspace_id, token.id),
    renewalUrl: token.renewal_url,
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

async function workspaceSummary(
  workspace: { id: string; name: string },
  now: Date,
  appOrigin: string,
): Promise<SummaryWorkspace> {
  const [tokens, renewals] = await Promise.all([
    listTokensExpiringBetween(
      workspace.id,
      addCalendarDays(now, -WEEKLY_SUMMARY_RENEWED_DAYS),
      addCalendarDays(now, WEEKLY_SUMMARY_HORIZON_DAYS),
    ),
    listWorkspaceEventsOfAction(workspace.id, AUDIT_ACTIONS.tokenRenewed, {
      since: new Date(now.getTime() - WEEKLY_SUMMARY_RENEWED_DAYS * 86_400_000).toISOString(),
      count: MAX_RENEWALS_PER_WORKSPACE,
      now,
    }),
  ]);
  const renewed: RenewedToken[] = renewals.map((event) => ({
    key: event.id,
    tokenName: event.target.name ?? event.target.id,
    previousExpiresAt: text(event.metadata.previousExpiresAt),
    expiresAt: text(event.metadata.expiresAt),
    renewedAt: event.createdAt,
    openUrl: tokenUrl(appOrigin, workspace.id, event.target.id),
  }));
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    expiring: tokens
      .filter((token) => !isRemovedAtSource(token))
      .map((token) => lineOf(token, appOrigin, now)),
    renewed,
    dashboardUrl: workspaceDashboardUrl(appOrigin, workspace.id),
  };
}

/**
 * The weekly summary of one user, as of `now`. A workspace whose items cannot be read (stored
 * before the text rules) is left out, reported with its id (platform/workspace-failures.ts), and
 * the summary lists every other workspace.
 */
export async function weeklySummaryOf(
  user: { readonly id: string; readonly email: string },
  now: Date,
  ports: WeeklySummaryPorts,
): Promise<WeeklySummary> {
  const memberships = await listMembershipsOfUser(user.id);
  const reads = new WorkspaceIsolatedReads('weekly-summary');
  const items = await reads.batchGet(
    memberships.map((membership) => keys.workspace(membership.workspaceId)),
  );
  const workspaces = items
    .flatMap((item) => reads.decode(item, (read) => workspaceCodec.fromItem(read).workspace) ?? [])
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const sections: SummaryWorkspace[] = [];
  for (const workspace of workspaces) {
    try {
      sections.push(await workspaceSummary(workspace, now, ports.appOrigin));
    } catch (error) {
      reads.failWorkspace(workspace.id, error);
    }
  }
  const token = await ports.signUnsubscribe({ address: user.email, userId: user.id });
  return {
    to: user.email,
    horizonDays: WEEKLY_SUMMARY_HORIZON_DAYS,
    workspaces: sections,
    settingsUrl: accountSettingsUrl(ports.appOrigin),
    unsubscribePageUrl: unsubscribePageUrl(ports.appOrigin, token, 'weekly-summary'),
    unsubscribeUrl: oneClickUnsubscribeUrl(ports.appOrigin, token),
  };
}
