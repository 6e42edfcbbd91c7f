/**
 * Addresses that stopped a workspace's alert emails (ACCESS_PATTERNS.md row 46; items of
 * entities/alert-email-opt-out.ts): written by the one-click unsubscribe, deleted when the
 * emails are resumed, read by the scan (a workspace's opt-outs, before it plans deliveries) and
 * by the worker (the rows of a digest, before it sends).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../platform/aws-clients';
import { getConfig } from '../platform/config';
import { alertEmailOptOutCodec } from './entities/alert-email-opt-out';
import { ALERT_EMAIL_OPT_OUT_SORT_PREFIX, keys } from './keys';
import type { PartialRead } from '../domain/alert-delivery-model';
import { queryAll, sortKeyPrefixQuery } from './table-operations';
import { WorkspaceIsolatedReads } from './workspace-isolated-reads';

export async function addAlertEmailOptOut(
  workspaceId: string,
  address: string,
  now: Date,
): Promise<void> {
  await getDocumentClient().send(
    new PutCommand({
      TableName: getConfig().tableName,
      Item: alertEmailOptOutCodec.toItem({
        workspaceId,
        address: address.toLowerCase(),
        createdAt: now.toISOString(),
      }),
    }),
  );
}

export async function removeAlertEmailOptOut(workspaceId: string, address: string): Promise<void> {
  await getDocumentClient().send(
    new DeleteCommand({
      TableName: getConfig().tableName,
      Key: keys.alertEmailOptOut(workspaceId, address),
    }),
  );
}

/** The lower-cased addresses that stopped this workspace's alert emails. */
export async function listAlertEmailOptOuts(workspaceId: string): Promise<Set<string>> {
  const items = await queryAll(
    sortKeyPrefixQuery(keys.workspace(workspaceId).pk, ALERT_EMAIL_OPT_OUT_SORT_PREFIX),
  );
  return new Set(items.map((item) => alertEmailOptOutCodec.fromItem(item).address));
}

/**
 * Of these workspaces, those the address stopped the alert emails of; apart, per workspace, why
 * its opt-out could not be read.
 */
export async function workspacesOptedOut(
  address: string,
  workspaceIds: readonly string[],
): Promise<PartialRead<Set<string>>> {
  const keysById = new Map(
    workspaceIds.map((workspaceId) => [workspaceId, keys.alertEmailOptOut(workspaceId, address)]),
  );
  const reads = new WorkspaceIsolatedReads('alert-digest');
  const items = await reads.batchGet([...keysById.values()], { consistentRead: true });
  const optOuts = items.flatMap(
    (item) => reads.decode(item, (read) => alertEmailOptOutCodec.fromItem(read)) ?? [],
  );
  return {
    found: new Set(optOuts.map((optOut) => optOut.workspaceId)),
    unreadable: reads.failuresAt(keysById),
  };
}
