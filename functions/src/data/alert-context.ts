/**
 * What the alert worker needs to know about an alert: the token as it is now, its workspace
 * (name, plan, owner, frozen), the alert settings, and the owner's address (the default
 * recipient). One BatchGetItem for token and workspace, then settings and owner.
 */
import type { AlertMessage } from '@expiry-radar/shared/api/alert-queue-api-schemas';
import { isPlan } from '@expiry-radar/shared/domain/plans';
import type { AlertContext } from '../domain/alert-delivery-model';
import { readAlertSettings } from './alert-settings-records';
import { tokenCodec } from './entities/token';
import { keys } from './keys';
import { batchGetAll } from './table-operations';
import { findUserById } from './user-records';

export async function loadAlertContext(message: AlertMessage): Promise<AlertContext | undefined> {
  const tokenKey = keys.token(message.workspaceId, message.tokenId);
  const workspaceKey = keys.workspace(message.workspaceId);
  const items = await batchGetAll([tokenKey, workspaceKey], { consistentRead: true });
  const workspace = items.find((item) => item.sk === workspaceKey.sk);
  if (!workspace) return undefined;
  const tokenItem = items.find((item) => item.sk === tokenKey.sk);
  const ownerId = String(workspace.ownerId);
  const [settings, owner] = await Promise.all([
    readAlertSettings(message.workspaceId),
    findUserById(ownerId),
  ]);
  return {
    token: tokenItem ? tokenCodec.fromItem(tokenItem).token : undefined,
    workspace: {
      name: String(workspace.name),
      plan: isPlan(workspace.plan) ? workspace.plan : 'free',
      ownerId,
      isFrozen: workspace.isFrozen === true,
    },
    settings,
    ownerEmail: owner?.email ?? null,
  };
}
