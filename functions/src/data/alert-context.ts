/**
 * What the alert worker needs to know about the alerts of one message: each token as it is now,
 * its workspace (name, plan, owner, frozen), the workspace's alert settings, and the owner's
 * address (the default recipient). One BatchGetItem for the tokens and workspaces, then settings
 * and owner once per workspace.
 */
import type { AlertRef } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertContext } from '../domain/alert-delivery-model';
import { readAlertSettings } from './alert-settings-records';
import { tokenCodec } from './entities/token';
import { workspaceCodec } from './entities/workspace';
import { keys } from './keys';
import { batchGetAll } from './table-operations';
import { findUserById } from './user-records';

/** Per alert id, the context of each alert whose workspace still exists. */
export async function loadAlertContexts(
  alerts: readonly AlertRef[],
): Promise<ReadonlyMap<string, AlertContext>> {
  const workspaceIds = [...new Set(alerts.map((alert) => alert.workspaceId))];
  const items = await batchGetAll(
    [
      ...workspaceIds.map((workspaceId) => keys.workspace(workspaceId)),
      ...alerts.map((alert) => keys.token(alert.workspaceId, alert.tokenId)),
    ],
    { consistentRead: true },
  );
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  const itemAt = (key: { pk: string; sk: string }) => byKey.get(`${key.pk}|${key.sk}`);

  const workspaces = new Map<string, Omit<AlertContext, 'token'>>();
  await Promise.all(
    workspaceIds.map(async (workspaceId) => {
      const item = itemAt(keys.workspace(workspaceId));
      if (!item) return;
      const { workspace } = workspaceCodec.fromItem(item);
      const [settings, owner] = await Promise.all([
        readAlertSettings(workspaceId),
        findUserById(workspace.ownerId),
      ]);
      workspaces.set(workspaceId, {
        workspace: {
          name: workspace.name,
          plan: workspace.plan,
          ownerId: workspace.ownerId,
          isFrozen: workspace.isFrozen,
        },
        settings,
        ownerEmail: owner?.email ?? null,
      });
    }),
  );

  const contexts = new Map<string, AlertContext>();
  for (const alert of alerts) {
    const workspace = workspaces.get(alert.workspaceId);
    if (!workspace) continue;
    const tokenItem = itemAt(keys.token(alert.workspaceId, alert.tokenId));
    contexts.set(alert.alertId, {
      ...workspace,
      token: tokenItem ? tokenCodec.fromItem(tokenItem).token : undefined,
    });
  }
  return contexts;
}
