/**
 * The addresses of tokens' owners (`owner_id`, a member's user id): one GetItem per distinct
 * owner. An owner whose account is gone has no address (the token's alerts go where its contact
 * groups say).
 */
import type { Token } from '@expiry-radar/shared/domain/token';
import { findUserById } from './user-records';

/** Per owner's user id, their address. */
export async function ownerEmailsOf(
  tokens: readonly (Pick<Token, 'owner_id'> | undefined)[],
): Promise<ReadonlyMap<string, string>> {
  const ownerIds = [
    ...new Set(tokens.flatMap((token) => (token?.owner_id ? [token.owner_id] : []))),
  ];
  const users = await Promise.all(ownerIds.map((userId) => findUserById(userId)));
  const emails = new Map<string, string>();
  ownerIds.forEach((userId, index) => {
    const email = users[index]?.email;
    if (email) emails.set(userId, email);
  });
  return emails;
}

/** The address of one token's owner, or null. */
export function ownerEmailOf(
  emails: ReadonlyMap<string, string>,
  token: Pick<Token, 'owner_id'> | undefined,
): string | null {
  return token?.owner_id ? (emails.get(token.owner_id) ?? null) : null;
}
