/**
 * What the alert worker needs to know about the alerts of its messages: each token as it is now
 * (or the certificate seen that a certificate transparency alert is about, as a token), its
 * workspace (name, plan, owner, frozen, two-factor requirement), the workspace's alert settings,
 * its Slack app installation, and the owner's address (the default recipient). One BatchGetItem
 * for the tokens, the workspaces, their settings and installations
 * (data/workspace-alert-contexts.ts), then the workspaces' owners and the tokens' owners
 * (`owner_id`), each once, in BatchGetItem.
 *
 * A digest lists alerts of several workspaces: an item of one that cannot be read (its workspace,
 * settings, installation or owner, or one token) is reported for that workspace and answers its
 * alerts as unreadable (data/workspace-isolated-reads.ts), while every other alert gets its
 * context.
 */
import type { AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertContext, PartialRead } from '../domain/alert-delivery-model';
import { ctFindingOfAlertSubject } from '../domain/certificate-transparency';
import { ctFindingAlertSubject } from './ct-finding-alert-subject';
import { ctFindingCodec } from './entities/ct-finding';
import { tokenCodec } from './entities/token';
import { keys } from './keys';
import type { TableItem, TableKey } from './table-operations';
import { ownerEmailOf, ownerEmailsOf } from './token-owner-emails';
import {
  workspaceAlertContextKeys,
  workspaceAlertContextsFrom,
  workspaceFailure,
} from './workspace-alert-contexts';
import { WorkspaceIsolatedReads } from './workspace-isolated-reads';

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

/** The items the contexts of these alerts are read from, before the owners'. */
export function alertContextKeys(alerts: readonly AlertRef[]): TableKey[] {
  const workspaceIds = [...new Set(alerts.map((alert) => alert.workspaceId))];
  return [...workspaceIds.flatMap(workspaceAlertContextKeys), ...alerts.map(subjectKeyOf)];
}

/**
 * Per alert id, the context of each alert whose workspace still exists, and the unreadable, from
 * the items of `alertContextKeys` already read (`itemAt`); the owners are read here.
 */
export async function alertContextsFrom(
  alerts: readonly AlertRef[],
  itemAt: (key: TableKey) => TableItem | undefined,
  reads: WorkspaceIsolatedReads,
): Promise<PartialRead<ReadonlyMap<string, AlertContext>>> {
  const tokens = new Map<string, AlertContext['token']>();
  for (const alert of alerts) {
    const subjectItem = itemAt(subjectKeyOf(alert));
    tokens.set(
      alert.alertId,
      subjectItem && reads.decode(subjectItem, (item) => subjectOf(alert, item)),
    );
  }
  const workspaceIds = [...new Set(alerts.map((alert) => alert.workspaceId))];
  const [workspaces, ownerEmails] = await Promise.all([
    workspaceAlertContextsFrom(workspaceIds, itemAt, reads),
    ownerEmailsOf([...tokens.values()]),
  ]);

  const contexts = new Map<string, AlertContext>();
  const unreadable = new Map<string, string>();
  for (const alert of alerts) {
    const token = tokens.get(alert.alertId);
    const failure =
      workspaceFailure(reads, alert.workspaceId) ?? reads.failureAt(subjectKeyOf(alert));
    const workspace = workspaces.get(alert.workspaceId);
    if (failure !== undefined) unreadable.set(alert.alertId, failure);
    else if (workspace) {
      const { name, plan, ownerId, isFrozen, requireTwoFactor, settings, ownerEmail, slackApp } =
        workspace;
      contexts.set(alert.alertId, {
        workspace: { name, plan, ownerId, isFrozen, requireTwoFactor },
        settings,
        ownerEmail,
        slackApp,
        token,
        tokenOwnerEmail: ownerEmailOf(ownerEmails, token),
      });
    }
  }
  return { found: contexts, unreadable };
}

/** Per alert id, the context of each alert whose workspace still exists, and the unreadable. */
export async function loadAlertContexts(
  alerts: readonly AlertRef[],
): Promise<PartialRead<ReadonlyMap<string, AlertContext>>> {
  const reads = new WorkspaceIsolatedReads('alert-digest');
  const itemAt = await reads.readByKey(alertContextKeys(alerts), { consistentRead: true });
  return alertContextsFrom(alerts, itemAt, reads);
}
