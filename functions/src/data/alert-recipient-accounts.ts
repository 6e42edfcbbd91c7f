/**
 * The account an alert email's address belongs to and its memberships of the email's workspaces,
 * for the action links the email may offer (services/alerts/alert-link-recipient.ts): the
 * address's claim item (`EMAIL#<address>`) names the account, then its user item and its
 * membership items are read together in one BatchGetItem. The alert worker reads the claims of an
 * SQS batch's digests with the batch's other items, and their accounts together
 * (data/alert-batch-reads.ts); `findRecipientAccount` reads one address's on its own.
 */
import type { Role } from '@expiry-radar/shared/domain/roles';
import type { RecipientAccount } from '../domain/alert-delivery-model';
import { emailClaimCodec } from './entities/email-claim';
import { keys } from './keys';
import { toMember } from './member-records';
import { batchGetAll, keyOf, readItem, type TableItem, type TableKey } from './table-operations';
import { toUserRecord } from './user-records';

const keyText = (key: TableKey) => `${key.pk}|${key.sk}`;

/** The account's user item, then its membership item in each of these workspaces. */
export function recipientAccountKeys(userId: string, workspaceIds: readonly string[]): TableKey[] {
  return [
    keys.user(userId),
    ...workspaceIds.map((workspaceId) => keys.membership(workspaceId, userId)),
  ];
}

/** The id of the account an address's claim item names. */
export function claimedUserId(claim: TableItem): string {
  return emailClaimCodec.fromItem(claim).userId;
}

/**
 * The account from the items of `recipientAccountKeys` (`itemAt`); undefined when its user item
 * is gone (an account deleted since: its address is an address like any other). A membership
 * whose role this version does not know reads as a viewer's, as the link check reads it.
 */
export function recipientAccountFrom(
  userId: string,
  workspaceIds: readonly string[],
  itemAt: (key: TableKey) => TableItem | undefined,
): RecipientAccount | undefined {
  const userItem = itemAt(keys.user(userId));
  if (!userItem) return undefined;
  const user = toUserRecord(userItem);
  const roles = new Map<string, Role>();
  for (const workspaceId of workspaceIds) {
    const membership = itemAt(keys.membership(workspaceId, user.id));
    if (membership) roles.set(workspaceId, toMember(membership).role);
  }
  return { id: user.id, twoFactorEnabled: user.twoFactorEnabled, roles };
}

/** The items of these keys as a lookup by key: one BatchGetItem a hundred keys. */
export async function readAccountItems(
  itemKeys: readonly TableKey[],
): Promise<(key: TableKey) => TableItem | undefined> {
  const items = await batchGetAll(itemKeys, { consistentRead: true });
  const byKey = new Map(items.map((item) => [keyText(keyOf(item)), item]));
  return (key) => byKey.get(keyText(key));
}

/** The account holding the address and its roles in these workspaces; undefined when none does. */
export async function findRecipientAccount(
  address: string,
  workspaceIds: readonly string[],
): Promise<RecipientAccount | undefined> {
  const claim = await readItem(keys.userEmail(address), { consistentRead: true });
  if (!claim) return undefined;
  const userId = claimedUserId(claim);
  const itemAt = await readAccountItems(recipientAccountKeys(userId, workspaceIds));
  return recipientAccountFrom(userId, workspaceIds, itemAt);
}
