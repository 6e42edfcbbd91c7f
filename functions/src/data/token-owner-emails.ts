/**
 * The addresses of tokens' owners (`owner_id`, a member's user id): each distinct owner read
 * once, in BatchGetItem. An owner whose account is gone has no address (the token's alerts go
 * where its contact groups say).
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { keys } from './keys';
import { batchGetAll } from './table-operations';
import { toUserRecord } from './user-records';

/** Per owner's user id, their address. */
export async function ownerEmailsOf(
  tokens: readonly (Pick<Token, 'owner_id'> | undefined)[],
): Promise<ReadonlyMap<string, string>> {
  const ownerIds = [
    ...new Set(tokens.flatMap((token) => (token?.owner_id ? [token.owner_id] : []))),
  ];
  const items = await batchGetAll(ownerIds.map((userId) => keys.user(userId)));
  const emails = new Map<string, string>();
  for (const user of items.map(toUserRecord)) {
    if (user.email) emails.set(user.id, user.email);
  }
  return emails;
}

/** The address of one token's owner, or null. */
export function ownerEmailOf(
  emails: ReadonlyMap<string, string>,
  token: Pick<Token, 'owner_id'> | undefined,
): string | null {
  return token?.owner_id ? (emails.get(token.owner_id) ?? null) : null;
}
