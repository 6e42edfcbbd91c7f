/**
 * What the alert worker needs to know about the alerts of one message: each token as it is now
 * (or the certificate seen that a certificate transparency alert is about, as a token),
 * its workspace (name, plan, owner, frozen), the workspace's alert settings, its Slack app
 * installation, and the owner's address (the default recipient). One BatchGetItem for the tokens and workspaces, then settings
 * and owner once per workspace, and the address of each token's owner (`owner_id`) once per owner.
 *
 * A digest lists alerts of several workspaces: an item of one that cannot be read (its workspace,
 * settings or owner, or one token) is reported for that workspace and answers its alerts as
 * unreadable (data/workspace-isolated-reads.ts), while every other alert gets its context.
 */
import type { AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertContext, PartialRead } from '../domain/alert-delivery-model';
import { ctFindingOfAlertSubject } from '../domain/certificate-transparency';
import { ctFindingAlertSubject } from './ct-finding-alert-subject';
import { ctFindingCodec } from './entities/ct-finding';
import { readAlertSettings } from './alert-settings-records';
import { findSlackInstallation, slackAppChannelOf } from './slack-app-records';
import { tokenCodec } from './entities/token';
import { workspaceCodec } from './entities/workspace';
import { keys } from './keys';
import type { TableItem, TableKey } from './table-operations';
import { ownerEmailOf, ownerEmailsOf } from './token-owner-emails';
import { findUserById } from './user-records';
import { WorkspaceIsolatedReads } from './workspace-isolated-reads';

type WorkspaceContext = Omit<AlertContext, 'token'>;

async function workspaceContextOf(
  workspaceId: string,
  workspaceItem: TableItem,
): Promise<WorkspaceContext> {
  const { workspace } = workspaceCodec.fromItem(workspaceItem);
  const [settings, owner, slackInstallation] = await Promise.all([
    readAlertSettings(workspaceId),
    findUserById(workspace.ownerId),
    findSlackInstallation(workspaceId),
  ]);
  return {
    workspace: {
      name: workspace.name,
      plan: workspace.plan,
      ownerId: workspace.ownerId,
      isFrozen: workspace.isFrozen,
    },
    settings,
    ownerEmail: owner?.email ?? null,
    slackApp: slackAppChannelOf(slackInstallation),
  };
}

/** The item an alert is about: its token, or the certificate seen that it stands for. */
function subjectKeyOf(alert: AlertRef): TableKey {
  const finding = ctFindingOfAlertSubject(alert.tokenId);
  return finding
    ? keys.ctFinding(finding.workspaceId, finding.certificateId)
    : keys.token(alert.workspaceId, alert.tokenId);
}

function subjectOf(alert: AlertRef, item: TableItem): AlertContext['token'] {
  return ctFindingOfAlertSubject(alert.tokenId)
    ? ctFindingAlertSubject(ctFindingCodec.fromItem(item))
    : tokenCodec.fromItem(item).token;
}

/** Per alert id, the context of each alert whose workspace still exists, and the unreadable. */
export async function loadAlertContexts(
  alerts: readonly AlertRef[],
): Promise<PartialRead<ReadonlyMap<string, AlertContext>>> {
  const workspaceIds = [...new Set(alerts.map((alert) => alert.workspaceId))];
  const reads = new WorkspaceIsolatedReads('alert-digest');
  const items = await reads.batchGet(
    [
      ...workspaceIds.map((workspaceId) => keys.workspace(workspaceId)),
      ...alerts.map(subjectKeyOf),
    ],
    { consistentRead: true },
  );
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  const itemAt = (key: TableKey) => byKey.get(`${key.pk}|${key.sk}`);

  const workspaces = new Map<string, WorkspaceContext>();
  await Promise.all(
    workspaceIds.map(async (workspaceId) => {
      const item = itemAt(keys.workspace(workspaceId));
      if (!item) return;
      try {
        workspaces.set(workspaceId, await workspaceContextOf(workspaceId, item));
      } catch (error) {
        reads.failWorkspace(workspaceId, error);
      }
    }),
  );

  const contexts = new Map<string, AlertContext>();
  const unreadable = new Map<string, string>();
  const tokens = new Map<string, AlertContext['token']>();
  for (const alert of alerts) {
    const subjectItem = itemAt(subjectKeyOf(alert));
    tokens.set(
      alert.alertId,
      subjectItem && reads.decode(subjectItem, (item) => subjectOf(alert, item)),
    );
  }
  const ownerEmails = await ownerEmailsOf([...tokens.values()]);
  for (const alert of alerts) {
    const token = tokens.get(alert.alertId);
    const failure =
      reads.failureAt(keys.workspace(alert.workspaceId)) ??
      reads.failureOf(alert.workspaceId) ??
      reads.failureAt(subjectKeyOf(alert));
    const workspace = workspaces.get(alert.workspaceId);
    if (failure !== undefined) unreadable.set(alert.alertId, failure);
    else if (workspace) {
      contexts.set(alert.alertId, {
        ...workspace,
        token,
        tokenOwnerEmail: ownerEmailOf(ownerEmails, token),
      });
    }
  }
  return { found: contexts, unreadable };
}
