/**
 * What the alert worker needs to know about an alert: the token as it is now, its workspace
 * (name, plan, owner, frozen), the alert settings, and the owner's address (the default
 * recipient). One BatchGetItem for token and workspace, then settings and owner.
 */
import type { AlertMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertContext } from '../domain/alert-delivery-model';
import { readAlertSettings } from './alert-settings-records';
import { tokenCodec } from './entities/token';
import { workspaceCodec } from './entities/workspace';
import { keys } from './keys';
import { batchGetAll } from './table-operations';
import { findUserById } from './user-records';

export async function loadAlertContext(message: AlertMessage): Promise<AlertContext | undefined> {
  const tokenKey = keys.token(message.workspaceId, message.tokenId);
  const workspaceKey = keys.workspace(message.workspaceId);
  const items = await batchGetAll([tokenKey, workspaceKey], { consistentRead: true });
  const workspaceItem = items.find((item) => item.sk === workspaceKey.sk);
  if (!workspaceItem) return undefined;
  const { workspace } = workspaceCodec.fromItem(workspaceItem);
  const tokenItem = items.find((item) => item.sk === tokenKey.sk);
  const { ownerId } = workspace;
  const [settings, owner] = await Promise.all([
    readAlertSettings(message.workspaceId),
    findUserById(ownerId),
  ]);
  return {
    token: tokenItem ? tokenCodec.fromItem(tokenItem).token : undefined,
    workspace: {
      name: workspace.name,
      plan: workspace.plan,
      ownerId,
      isFrozen: workspace.isFrozen,
    },
    settings,
    ownerEmail: owner?.email ?? null,
  };
}
