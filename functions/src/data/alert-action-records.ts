/**
 * Alert actions (ACCESS_PATTERNS.md rows 67 and 68; items of entities/alert-action.ts): a token's
 * action for its expiry, written by an action link or an editor, read by the token's details and
 * by the expiry scan (its due tokens' actions, one BatchGetItem); and the used action links, a
 * conditional Put per link so that a link works once (kept until the link would have expired).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../platform/config';
import { getDocumentClient } from '../platform/aws-clients';
import { logger } from '../platform/logger';
import { alertActionCodec, type AlertAction } from './entities/alert-action';
import { MalformedItemError } from './entities/entity-codec';
import { epochSeconds, keys } from './keys';
import { batchGetAll, conditionalWrite, readItem } from './table-operations';

export async function findAlertAction(
  workspaceId: string,
  tokenId: string,
): Promise<AlertAction | undefined> {
  const item = await readItem(keys.alertAction(workspaceId, tokenId), { consistentRead: true });
  return item ? alertActionCodec.fromItem(item) : undefined;
}

/** The actions of these tokens, by token id; a malformed item is logged and left out. */
export async function findAlertActions(
  tokens: readonly { readonly workspace_id: string; readonly id: string }[],
): Promise<Map<string, AlertAction>> {
  const items = await batchGetAll(
    tokens.map((token) => keys.alertAction(token.workspace_id, token.id)),
  );
  const actions = new Map<string, AlertAction>();
  for (const item of items) {
    try {
      const action = alertActionCodec.fromItem(item);
      actions.set(action.tokenId, action);
    } catch (error) {
      if (!(error instanceof MalformedItemError)) throw error;
      logger.error('Malformed alert action left out', { error: error.message });
    }
  }
  return actions;
}

export async function saveAlertAction(action: AlertAction): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({ TableName: getConfig().tableName, Item: alertActionCodec.toItem(action) }),
  );
}

export async function deleteAlertAction(workspaceId: string, tokenId: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.alertAction(workspaceId, tokenId),
    }),
  );
}

/** Marks an action link used; false when it was used before. Kept until `until` (TTL). */
export async function claimActionLink(linkId: string, until: Date, now: Date): Promise<boolean> {
  return conditionalWrite(
    getDocumentClient().send(
      new PutCommand({
        TableName: getConfig().tableName,
        Item: {
          ...keys.alertActionLinkUse(linkId),
          entity: 'ALERT_ACTION_LINK',
          usedAt: now.toISOString(),
          ttl: epochSeconds(until),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function isActionLinkUsed(linkId: string): Promise<boolean> {
  const item = await readItem(keys.alertActionLinkUse(linkId), { consistentRead: true });
  return item !== undefined;
}

/** Gives a link back when what it asked for was refused after it was claimed. */
export async function releaseActionLink(linkId: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({ TableName: getConfig().tableName, Key: keys.alertActionLinkUse(linkId) }),
  );
}
