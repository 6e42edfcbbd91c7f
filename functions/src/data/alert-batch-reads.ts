/**
 * What the alert worker reads for the messages of one SQS batch (up to 10 digests and alerts'
 * webhook messages), at once: every alert's token and workspace context (data/alert-context.ts)
 * and, for each digest, whether its address stopped the alert emails of the digest's workspaces,
 * whether it is on the suppression list and which account it belongs to (its claim item), in the
 * same BatchGetItem requests (100 keys each); then the workspaces' and tokens' owners once each
 * and, beside them, the digests' accounts with their memberships of the digests' workspaces
 * (data/alert-recipient-accounts.ts). Each message used to read its own, and each of its
 * workspaces' settings, owner and Slack installation with a GetItem each.
 *
 * The answers are the delivery ports `loadContexts`, `workspacesOptedOut`, `suppressionOf` and
 * `recipientAccountOf` for
 * the batch's messages, isolated as each message's own reads were: an item that cannot be read or
 * decoded makes its alerts (or its address) unreadable, which fails only the messages that have
 * them. When the batch cannot be read at all (DynamoDB throttling past the retries, an owner whose
 * item does not decode), or a message asks for what the batch did not read (a message from
 * before digests sends its alert's addresses as digests of its own), that message reads its own
 * through the ports it falls back on, so a failure there is its own.
 */
import {
  alertRefsOf,
  isDigestMessage,
  type AlertQueueMessage,
  type DigestMessage,
  type AlertRef,
} from '@expiry-radar/shared/api/alert-queue-api-schemas';
import type { AlertContext, AlertDeliveryPorts, PartialRead } from '../domain/alert-delivery-model';
import { logger } from '../platform/logger';
import { alertContextKeys, alertContextsFrom } from './alert-context';
import {
  claimedUserId,
  recipientAccountFrom,
  recipientAccountKeys,
} from './alert-recipient-accounts';
import { alertEmailOptOutCodec } from './entities/alert-email-opt-out';
import { emailSuppressionCodec, type SuppressionReason } from './entities/email-suppression';
import { keys } from './keys';
import type { TableItem, TableKey } from './table-operations';
import { WorkspaceIsolatedReads } from './workspace-isolated-reads';

export type AlertBatchPorts = Pick<
  AlertDeliveryPorts,
  'loadContexts' | 'workspacesOptedOut' | 'suppressionOf' | 'recipientAccountOf'
>;

const keyText = (key: TableKey) => `${key.pk}|${key.sk}`;

interface AlertBatch {
  readonly alertIds: ReadonlySet<string>;
  readonly contexts: PartialRead<ReadonlyMap<string, AlertContext>>;
  readonly reads: WorkspaceIsolatedReads;
  /** The opt-out and suppression keys read, by `keyText`. */
  readonly addressKeys: ReadonlySet<string>;
  /** Of those, the opt-outs found. */
  readonly optedOut: ReadonlySet<string>;
  /** Of those, the suppressions found, with their reasons. */
  readonly suppressions: ReadonlyMap<string, SuppressionReason>;
  /** The digests' accounts: per address claim key (`keyText`) read, its account id, if any. */
  readonly claimedUserIds: ReadonlyMap<string, string | null>;
  /** The account keys read (users, memberships), by `keyText`. */
  readonly accountKeys: ReadonlySet<string>;
  readonly accountItemAt: (key: TableKey) => TableItem | undefined;
}

const workspaceIdsOf = (digest: DigestMessage) => [
  ...new Set(digest.alerts.map((alert) => alert.workspaceId)),
];

/** The keys of what the batch's digests ask of their addresses. */
function addressKeysOf(messages: readonly AlertQueueMessage[]) {
  const digests = messages.filter(isDigestMessage);
  return {
    suppressionKeys: digests.map((digest) => keys.emailSuppression(digest.address)),
    claimKeys: digests.map((digest) => keys.userEmail(digest.address)),
    optOutKeys: digests.flatMap((digest) =>
      workspaceIdsOf(digest).map((workspaceId) =>
        keys.alertEmailOptOut(workspaceId, digest.address),
      ),
    ),
  };
}

async function readAlertBatch(messages: readonly AlertQueueMessage[]): Promise<AlertBatch> {
  const alerts = [
    ...new Map(
      messages.flatMap(alertRefsOf).map((alert): [string, AlertRef] => [alert.alertId, alert]),
    ).values(),
  ];
  const { suppressionKeys, optOutKeys, claimKeys } = addressKeysOf(messages);
  const reads = new WorkspaceIsolatedReads('alert-digest');
  const itemAt = await reads.readByKey(
    [...alertContextKeys(alerts), ...suppressionKeys, ...optOutKeys, ...claimKeys],
    { consistentRead: true },
  );
  const optedOut = new Set<string>();
  for (const key of optOutKeys) {
    const item = itemAt(key);
    if (item && reads.decode(item, (read) => alertEmailOptOutCodec.fromItem(read))) {
      optedOut.add(keyText(key));
    }
  }
  const suppressions = new Map<string, SuppressionReason>();
  for (const key of suppressionKeys) {
    const item = itemAt(key);
    const suppression = item && reads.decode(item, (read) => emailSuppressionCodec.fromItem(read));
    if (suppression) suppressions.set(keyText(key), suppression.reason);
  }
  const claimedUserIds = new Map<string, string | null>();
  for (const key of claimKeys) {
    const item = itemAt(key);
    const userId = item ? reads.decode(item, claimedUserId) : null;
    // One that could not be read or decoded is left for its message to read on its own.
    if (userId !== undefined && reads.failureAt(key) === undefined) {
      claimedUserIds.set(keyText(key), userId);
    }
  }
  const accountKeys = messages.filter(isDigestMessage).flatMap((digest) => {
    const userId = claimedUserIds.get(keyText(keys.userEmail(digest.address)));
    return userId ? recipientAccountKeys(userId, workspaceIdsOf(digest)) : [];
  });
  const [contexts, accountItemAt] = await Promise.all([
    alertContextsFrom(alerts, itemAt, reads),
    reads.readByKey(accountKeys, { consistentRead: true }),
  ]);
  return {
    alertIds: new Set(alerts.map((alert) => alert.alertId)),
    contexts,
    reads,
    addressKeys: new Set([...suppressionKeys, ...optOutKeys].map(keyText)),
    optedOut,
    suppressions,
    claimedUserIds,
    accountKeys: new Set(accountKeys.map(keyText)),
    accountItemAt,
  };
}

/** The entries of these ids. */
function onlyOf<Value>(map: ReadonlyMap<string, Value>, ids: readonly string[]) {
  return new Map(ids.flatMap((id) => (map.has(id) ? [[id, map.get(id)!] as const] : [])));
}

/**
 * The reads of one batch's messages as delivery ports: read at once when called, answered from
 * that read, and from `own` where it does not answer.
 */
export function alertBatchPorts(
  messages: readonly AlertQueueMessage[],
  own: AlertBatchPorts,
): AlertBatchPorts {
  const batch = readAlertBatch(messages).catch((error: unknown) => {
    logger.warn('The alert batch could not be read at once: each message reads its own', {
      error,
    });
    return undefined;
  });
  return {
    async loadContexts(alerts) {
      const read = await batch;
      if (!read || !alerts.every((alert) => read.alertIds.has(alert.alertId))) {
        return own.loadContexts(alerts);
      }
      const ids = alerts.map((alert) => alert.alertId);
      return {
        found: onlyOf(read.contexts.found, ids),
        unreadable: onlyOf(read.contexts.unreadable, ids),
      };
    },

    async workspacesOptedOut(address, workspaceIds) {
      const read = await batch;
      const keysById = new Map(
        workspaceIds.map((workspaceId) => [
          workspaceId,
          keys.alertEmailOptOut(workspaceId, address),
        ]),
      );
      if (!read || ![...keysById.values()].every((key) => read.addressKeys.has(keyText(key)))) {
        return own.workspacesOptedOut(address, workspaceIds);
      }
      const found = new Set(
        workspaceIds.filter((workspaceId) =>
          read.optedOut.has(keyText(keysById.get(workspaceId)!)),
        ),
      );
      return { found, unreadable: read.reads.failuresAt(keysById) };
    },

    async suppressionOf(address) {
      const read = await batch;
      const key = keys.emailSuppression(address);
      if (!read || !read.addressKeys.has(keyText(key))) return own.suppressionOf(address);
      const failure = read.reads.failureAt(key);
      if (failure !== undefined) throw new Error(`The suppression list cannot be read: ${failure}`);
      return read.suppressions.get(keyText(key)) ?? null;
    },

    async recipientAccountOf(address, workspaceIds) {
      const read = await batch;
      const claimKey = keyText(keys.userEmail(address));
      if (!read || !read.claimedUserIds.has(claimKey)) {
        return own.recipientAccountOf(address, workspaceIds);
      }
      const userId = read.claimedUserIds.get(claimKey);
      if (userId === null || userId === undefined) return undefined;
      const accountKeys = recipientAccountKeys(userId, workspaceIds);
      const failure = accountKeys
        .map((key) => read.reads.failureAt(key))
        .find((reason) => reason !== undefined);
      if (failure !== undefined) {
        throw new Error(`The address's account cannot be read: ${failure}`);
      }
      // Workspaces the batch did not read for this address (an alert's own email fallback).
      if (!accountKeys.every((key) => read.accountKeys.has(keyText(key)))) {
        return own.recipientAccountOf(address, workspaceIds);
      }
      return recipientAccountFrom(userId, workspaceIds, read.accountItemAt);
    },
  };
}
